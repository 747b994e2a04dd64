export { ollamaConverter } from "./ollama-format.js";
