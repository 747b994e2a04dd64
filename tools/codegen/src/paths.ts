import { fileURLToPath } from "node:url";
import path from "node:path";

export const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
export const schemasRoot = path.join(repositoryRoot, "schemas");

/** Where every generator writes. The drift check owns these folders completely: anything else in them is stray. */
export const generatedRoots = {
  derivedSchemas: "schemas/generated",
  core: "packages/core/src/generated",
  python: "packages/bindings-python/src/agent_transcript/generated",
  go: "packages/bindings-go/generated",
  rust: "packages/bindings-rust/src/generated",
} as const;

export const regenerateCommand = "pnpm generate";
export const schemaBaseUrl = "https://agent-transcript.dev/schemas/";
