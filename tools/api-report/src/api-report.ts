import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  CompilerState,
  Extractor,
  ExtractorConfig,
  ExtractorLogLevel,
  type ExtractorMessage,
  type IConfigFile,
} from "@microsoft/api-extractor";
import { entryPoints, readManifest, type EntryPoint } from "./entry-points.js";
import { lineDiff } from "./line-diff.js";
import { SiblingExports, type SiblingExport } from "./sibling-exports.js";

/** Where each published package keeps its report: beside its package.json, as CONTRIBUTING.md promises. */
export const reportFileName = "api-report.md";
export const updateCommand = "pnpm api:update";

export interface ApiReport {
  /** The report's text, as `api-report.md` holds it. */
  text: string;
  /**
   * What API Extractor found wrong with the surface, one line each (`ae-forgotten-export`: a type used in a public
   * signature that no entry point exports; compiler errors in the declarations). Any of them fails both commands.
   */
  problems: string[];
}

/**
 * API Extractor's settings for one entry point. Reports only: no doc model, no rolled-up .d.ts. Every finding is a
 * warning, which fails the run, except those that do not apply to us:
 * - `ae-missing-release-tag`: release tags (`@public`, `@beta`) are TSDoc's way to stage an API; our packages are
 *   versioned together and what an entry point exports is public.
 * - `ae-undocumented`: the report already marks each item without a doc comment `(undocumented)`, where review
 *   sees it; failing on it would make documenting every field of every type a condition of any API change.
 * - TSDoc syntax: our comments are prose for editors, not TSDoc, and the report does not carry them.
 */
function extractorConfig(
  packageFolder: string,
  entry: EntryPoint,
  entries: readonly EntryPoint[],
  reportFolder: string,
): IConfigFile {
  return {
    projectFolder: packageFolder,
    mainEntryPointFilePath: path.resolve(packageFolder, entry.types),
    compiler: {
      // The build's compiler options, over the built declarations alone: what users' compilers read. (The build's
      // own `include` would add the sources, and `tsconfig.json` the tests, beside the declarations compiled from
      // them; API Extractor then meets the same declaration twice, or a `.ts` file where it expects a `.d.ts`.)
      overrideTsconfig: {
        extends: "./tsconfig.build.json",
        compilerOptions: { rootDir: ".", noEmit: true },
        include: [],
        files: entries.map((other) => other.types),
      },
    },
    apiReport: {
      enabled: true,
      reportFileName: reportSlug(entry.subpath),
      reportFolder,
      reportTempFolder: reportFolder,
      includeForgottenExports: false,
    },
    docModel: { enabled: false },
    dtsRollup: { enabled: false },
    tsdocMetadata: { enabled: false },
    newlineKind: "lf",
    messages: {
      compilerMessageReporting: { default: { logLevel: ExtractorLogLevel.Warning } },
      extractorMessageReporting: {
        default: { logLevel: ExtractorLogLevel.Warning },
        "ae-missing-release-tag": { logLevel: ExtractorLogLevel.None },
        "ae-undocumented": { logLevel: ExtractorLogLevel.None },
        // Decided in renderApiReport, which knows the package's other entry points; a genuine one fails the run.
        "ae-forgotten-export": { logLevel: ExtractorLogLevel.Warning, addToApiReportFile: false },
      },
      tsdocMessageReporting: { default: { logLevel: ExtractorLogLevel.None } },
    },
  };
}

function reportSlug(subpath: string): string {
  return subpath === "." ? "index" : subpath.replace(/^\.\//, "").replaceAll("/", "-");
}

/**
 * API Extractor's report of one entry point, without its per-file preamble and epilogue (the combined report has
 * one) and without the `@public` release tag on every item: nothing here uses release tags (see extractorConfig), so
 * the tag says nothing, while `(undocumented)` is kept.
 */
function reportBody(text: string): string {
  const start = text.indexOf("```ts\n");
  const end = text.lastIndexOf("```");
  if (start === -1 || end <= start) throw new Error(`unexpected API Extractor report:\n${text}`);
  return text
    .slice(start + "```ts\n".length, end)
    .replace("// (No @packageDocumentation comment for this package)", "")
    .replace(/^( *)\/\/ @public \(undocumented\)$/gm, "$1// (undocumented)")
    .replace(/^ *\/\/ @public\n/gm, "")
    .trim();
}

const forgottenExport = /^The symbol "([^"]+)" needs to be exported by the entry point /;

/**
 * Runs API Extractor on every entry point of the built package and combines the results into one report.
 *
 * API Extractor analyses one entry point at a time, so a subpath whose signatures name a type another entry point
 * of the package exports (the validators name the root's `Strict` and `Tolerant`) draws `ae-forgotten-export`. That
 * is no forgotten export for a user, who imports the type from the other entry point: the report lists such names
 * under the section, and only a symbol no entry point exports by that name fails.
 */
export function renderApiReport(packageFolder: string): ApiReport {
  const manifest = readManifest(packageFolder);
  const entries = entryPoints(manifest);
  const missing = entries.filter((entry) => !existsSync(path.resolve(packageFolder, entry.types)));
  if (missing.length > 0)
    return {
      text: "",
      problems: missing.map(
        (entry) => `${entry.specifier}: ${entry.types} does not exist; build the package first (pnpm build)`,
      ),
    };

  const siblings = new SiblingExports(packageFolder, entries);
  const reportFolder = mkdtempSync(path.join(tmpdir(), "api-report-"));
  const problems: string[] = [];
  const sections: string[] = [];
  try {
    let compilerState: CompilerState | undefined;
    for (const entry of entries) {
      const config = ExtractorConfig.prepare({
        configObject: extractorConfig(packageFolder, entry, entries, reportFolder),
        configObjectFullPath: path.join(packageFolder, "api-extractor.json"),
        packageJsonFullPath: path.join(packageFolder, "package.json"),
      });
      // One TypeScript program (every entry point's declarations) serves every entry point of the package.
      compilerState ??= CompilerState.create(config);
      const fromSiblings = new Map<string, SiblingExport>();
      const result = Extractor.invoke(config, {
        localBuild: true,
        compilerState,
        messageCallback: (message: ExtractorMessage) => {
          // Everything is reported through `problems`; API Extractor's own console output would only repeat it.
          message.handled = true;
          if (message.logLevel !== ExtractorLogLevel.Warning && message.logLevel !== ExtractorLogLevel.Error) return;
          const symbol =
            message.messageId === "ae-forgotten-export" ? forgottenExport.exec(message.text)?.[1] : undefined;
          const sibling = symbol === undefined ? undefined : siblings.find(entry, symbol);
          if (symbol !== undefined && sibling !== undefined) fromSiblings.set(symbol, sibling);
          else problems.push(`${entry.specifier}: ${message.formatMessageWithLocation(packageFolder)}`);
        },
      });
      if (!result.succeeded && problems.length === 0) problems.push(`${entry.specifier}: API Extractor failed`);
      const text = readFileSync(path.join(reportFolder, `${reportSlug(entry.subpath)}.api.md`), "utf8");
      const imports = [...fromSiblings]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([symbol, { specifier, exportName }]) => {
          const as = exportName === symbol ? "" : ` as ${exportName}`;
          return `// ${symbol}: exported by ${specifier}${as}\n`;
        });
      sections.push(`## \`${entry.specifier}\`\n\n\`\`\`ts\n${imports.join("")}${reportBody(text)}\n\`\`\`\n`);
    }
  } finally {
    rmSync(reportFolder, { recursive: true, force: true });
  }
  const header = [
    `# API report: \`${manifest.name}\``,
    "",
    `> Generated by \`${updateCommand}\` (API Extractor) from the built declarations of every entry point in the`,
    `> package's \`exports\`; do not edit. \`pnpm api:check\` fails when it differs from the package's surface, so a`,
    "> change to the public API shows here in review.",
    "",
  ].join("\n");
  return { text: `${header}\n${sections.join("\n")}`, problems };
}

export interface CheckResult {
  ok: boolean;
  /** What to print: the problems, or the difference between the committed report and the surface, and the fix. */
  messages: string[];
}

/** Compares the committed report with the package's current surface. */
export function checkApiReport(packageFolder: string): CheckResult {
  const { name } = readManifest(packageFolder);
  const report = renderApiReport(packageFolder);
  const messages = [...report.problems];
  const reportPath = path.join(packageFolder, reportFileName);
  const committed = existsSync(reportPath) ? readFileSync(reportPath, "utf8") : undefined;
  if (report.text !== "" && committed === undefined)
    messages.push(`${name}: ${reportFileName} is missing. Fix: run ${updateCommand} and commit ${reportFileName}.`);
  else if (report.text !== "" && committed !== report.text)
    messages.push(
      `${name}: the public API differs from ${reportFileName} (- committed, + built):`,
      lineDiff(committed ?? "", report.text),
      `Fix: if the change is intended, run ${updateCommand} and commit ${reportFileName} (with a changeset); otherwise restore the surface.`,
    );
  return { ok: messages.length === 0, messages };
}

/** Writes the package's report. Problems still fail: a report with a forgotten export is not a surface to record. */
export function writeApiReport(packageFolder: string): CheckResult {
  const report = renderApiReport(packageFolder);
  if (report.text !== "") writeFileSync(path.join(packageFolder, reportFileName), report.text);
  return { ok: report.problems.length === 0, messages: report.problems };
}
