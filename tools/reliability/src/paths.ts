import path from "node:path";
import { fileURLToPath } from "node:url";

/** tools/reliability/src → the repository root. */
export const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
export const reliabilityRoot = path.join(repositoryRoot, "tools/reliability");
/** The last full run's results, committed: RELIABILITY.md is rendered from them alone. */
export const publishedResultsFile = path.join(reliabilityRoot, "results/main.json");
export const pageFile = "RELIABILITY.md";
