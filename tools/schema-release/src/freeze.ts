import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { CorpusDocument } from "./corpus.js";
import { runGate, describeReport } from "./gate.js";
import { computeManifest, manifestName } from "./manifest.js";
import {
  formatVersionFile,
  parseReleaseVersion,
  readChangelogVersion,
  readFormatVersion,
  releasedFolder,
  releaseParts,
  workingMajors,
  corpusOrigins,
  catalogFile,
  catalogFor,
  releasedVersions,
} from "./releases.js";

export class FreezeError extends Error {}

export interface FreezeOptions {
  /** Makes the generated documents frozen as the corpus (`buildCorpus` in the CLI); called once every check passed. */
  corpus: () => Promise<readonly CorpusDocument[]>;
  /** Checks that the generated files are those of the current schemas; the CLI runs `pnpm check:generated`'s check. */
  checkGenerated: (root: string) => Promise<string[]>;
}

/**
 * Freezes the working schemas as the format version core states (`formatVersion`, the CHANGELOG's newest heading):
 * `schemas/released/<version>/` with the strict sources, their tolerant twins, the bundled documents of both, the
 * examples, the corpus and `SHA256SUMS`. Refused, leaving everything as it was, when the version is already released,
 * when the two statements of the version disagree, when generated files are out of date or when the compatibility
 * gate fails. The folder is assembled beside its final name and renamed into place, so it appears whole or not at all.
 */
export async function freezeRelease(
  root: string,
  options: FreezeOptions,
): Promise<{ version: string; folder: string }> {
  const version = readFormatVersion(root);
  if (version === undefined || !parseReleaseVersion(version))
    throw new FreezeError(`${formatVersionFile} states no formatVersion "x.y.z"`);
  const major = Number(version.split(".")[0]);
  const working = workingMajors(root).at(-1);
  if (!working || working.major !== major)
    throw new FreezeError(`formatVersion ${version} is not of the newest major folder (${working?.folder ?? "none"})`);
  const changelog = readChangelogVersion(root, working.folder);
  if (changelog !== version)
    throw new FreezeError(
      `${working.folder}/CHANGELOG.md's newest heading is ${changelog ?? "missing"}, not ${version}: write its entry first`,
    );
  const folder = `${releasedFolder}/${version}`;
  const target = path.join(root, folder);
  if (existsSync(target))
    throw new FreezeError(`${folder} exists: ${version} is released, and a release never changes`);
  const drift = await options.checkGenerated(root);
  if (drift.length > 0)
    throw new FreezeError(
      `generated files are out of date (run pnpm generate):\n${drift.map((line) => `  ${line}`).join("\n")}`,
    );
  const report = await runGate(root);
  if (report.problems.length > 0) throw new FreezeError(describeReport(report));

  const corpus = await options.corpus();
  const staging = path.join(root, releasedFolder, `.${version}.partial`);
  rmSync(staging, { recursive: true, force: true });
  try {
    const copySchemas = (from: string, to: string): void => {
      const source = path.join(root, from);
      mkdirSync(path.join(staging, to), { recursive: true });
      for (const name of readdirSync(source).sort())
        if (name.endsWith(".schema.json")) cpSync(path.join(source, name), path.join(staging, to, name));
    };
    const generated = `schemas/generated/v${major}`;
    copySchemas(working.folder, releaseParts.strict);
    copySchemas(`${generated}/tolerant`, releaseParts.tolerant);
    copySchemas(`${generated}/bundled`, releaseParts.bundled);
    copySchemas(`${generated}/bundled/tolerant`, releaseParts.bundledTolerant);
    const examples = path.join(root, working.folder, "examples");
    if (existsSync(examples)) cpSync(examples, path.join(staging, releaseParts.examples), { recursive: true });
    mkdirSync(path.join(staging, releaseParts.corpus), { recursive: true });
    for (const entry of corpus)
      writeFileSync(
        path.join(staging, releaseParts.corpus, entry.name),
        `${JSON.stringify(entry.document, null, 2)}\n`,
        {
          flag: "wx",
        },
      );
    // Where each corpus document came from, so a reader that fails one can find the real data behind it.
    const origins = Object.fromEntries(corpus.map((entry) => [entry.name, entry.origin]));
    writeFileSync(path.join(staging, corpusOrigins), `${JSON.stringify(origins, null, 2)}\n`, { flag: "wx" });
    writeFileSync(path.join(staging, manifestName), computeManifest(staging, folder));
    renameSync(staging, target);
    writeFileSync(
      path.join(root, catalogFile),
      `${JSON.stringify(catalogFor(releasedVersions(root).versions), null, 2)}\n`,
    );
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
  return { version, folder };
}
