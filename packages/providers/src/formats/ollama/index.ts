export { ollamaFormat } from "./ollama-format.js";
