import path from "node:path";
import { fileURLToPath } from "node:url";

/** tools/bench/src → the repository root. */
export const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

export const benchRoot = path.join(repositoryRoot, "tools/bench");

export const defaultResultsFile = path.join(benchRoot, "results/latest.json");

/** The valid Transcript examples: small, hand-written, but every optional block of the format appears somewhere. */
export const transcriptExamplesDirectory = path.join(repositoryRoot, "schemas/v1/examples/Transcript/valid");

/**
 * The real recorded sessions, committed in tools/fixtures/real (that package's one definition of where they are).
 * Without them there is no realistic corpus, and a benchmark on a made-up one would report numbers that mean nothing,
 * so this fails instead of falling back.
 */
export { realFixturesRoot } from "@agent-transcript/fixtures/paths";

/**
 * The real Claude Code session (with two sub-agents) the viewer's and the everyday commands' rows read, relative to
 * `realFixturesRoot()`: about 3 MB, a long conversation with compaction.
 */
export const realClaudeCodeSession = "spotter/test/fixtures/transcripts/4d5611e5-241a-462a-8d15-5122611a9569.jsonl";
