// The Python distribution as a user gets it: the wheel and the sdist built the way a release builds them, checked
// with twine, the wheel installed into a fresh virtual environment and used from there, outside this checkout.
import { spawnSync, type SpawnSyncReturns } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { devNull, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { formatVersion } from "@agent-transcript/core";
import { validatorFor } from "@agent-transcript/core/validators";
import { loadExamples } from "@agent-transcript/fixtures/examples";
import { systemCommand } from "@agent-transcript/setup";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const python = systemCommand("python3");
/** The package's own files (not the folder: it also holds the workspace's test harness). */
const distributionFiles = ["pyproject.toml", "README.md", "LICENSE", "src/agent_transcript"];
/** The rule of README.md's "Versions": the format version, or a post-release of it. */
const versionRule = new RegExp(`^${formatVersion.replaceAll(".", "\\.")}(?:\\.post[1-9]\\d*)?$`);

const run = (command: string, args: readonly string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) =>
  spawnSync(command, args, {
    cwd: options.cwd,
    env: options.env ?? python.env,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });

function succeeded(result: SpawnSyncReturns<string>, what: string): string {
  if (result.error) throw new Error(`${what} could not run: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`${what} exited with ${result.status}:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

/** Every file under a folder, as a sorted list of `/`-separated relative paths, skipping Python's byte code. */
function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.name.endsWith(".pyc"))
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .sort();
}

interface Built {
  directory: string;
  wheel: string;
  sdist: string;
  /** The fresh virtual environment's interpreter, with the wheel installed. */
  venvPython: string;
  env: NodeJS.ProcessEnv;
}

let built: Built;

beforeAll(() => {
  const directory = mkdtempSync(path.join(tmpdir(), "bindings-python-dist-"));
  // Built from a copy holding only the distribution's files: setuptools writes its egg-info beside the sources, and
  // a build from the folder would see the harness's files too.
  const stage = path.join(directory, "stage");
  for (const file of distributionFiles) {
    cpSync(path.join(packageRoot, file), path.join(stage, file), {
      recursive: true,
      filter: (source) => !source.includes("__pycache__"),
    });
  }
  const dist = path.join(directory, "dist");
  // No isolation: PyPI is out of reach, so the build backend is Debian's setuptools. With neither --sdist nor
  // --wheel, build makes the sdist and then the wheel from the unpacked sdist, so a file the sdist lacks fails here.
  succeeded(
    run(python.command, ["-m", "build", "--no-isolation", "--outdir", dist, stage], {
      env: { ...python.env, PYTHONDONTWRITEBYTECODE: "1" },
    }),
    "python3 -m build",
  );
  const artifacts = readdirSync(dist);
  const wheel = artifacts.find((name) => name.endsWith(".whl"));
  const sdist = artifacts.find((name) => name.endsWith(".tar.gz"));
  if (!wheel || !sdist) throw new Error(`python3 -m build made ${artifacts.join(", ")}`);

  // Jsonschema and dateutil come from the system (Debian's), as pip cannot reach PyPI; pip is the system's too.
  const venv = path.join(directory, "venv");
  succeeded(run(python.command, ["-m", "venv", "--without-pip", "--system-site-packages", venv]), "python3 -m venv");
  const venvPython = path.join(venv, "bin/python");
  const env = {
    ...python.env,
    PIP_CONFIG_FILE: devNull,
    PIP_DISABLE_PIP_VERSION_CHECK: "1",
    PIP_NO_INPUT: "1",
    PYTHONDONTWRITEBYTECODE: "1",
  };
  // With the extra and without --no-deps: pip checks that what the wheel requires is there.
  succeeded(
    run(venvPython, ["-m", "pip", "install", "--no-index", "--no-cache-dir", `${path.join(dist, wheel)}[validate]`], {
      env,
    }),
    "pip install",
  );
  built = { directory, wheel: path.join(dist, wheel), sdist: path.join(dist, sdist), venvPython, env };
}, 600_000);

afterAll(() => {
  if (built) rmSync(built.directory, { recursive: true, force: true });
});

/** Runs Python code with the virtual environment's interpreter, from a folder outside this checkout. */
function inVenv(code: string, input?: unknown): string {
  const result = spawnSync(built.venvPython, ["-c", code], {
    cwd: built.directory,
    env: built.env,
    input: input === undefined ? undefined : JSON.stringify(input),
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  return succeeded(result, "python");
}

/** The names in a wheel (a zip) or an sdist (a gzipped tar); folders end with a slash. */
const archiveNames = (archive: string): string[] =>
  JSON.parse(
    inVenv(`import json, tarfile, zipfile
archive = ${JSON.stringify(archive)}
if archive.endswith(".whl"):
    names = zipfile.ZipFile(archive).namelist()
else:
    names = [member.name + ("/" if member.isdir() else "") for member in tarfile.open(archive)]
print(json.dumps(sorted(names)))`),
  ) as string[];

/** The wheel's METADATA as (field, value) pairs, and the long description after them. */
function wheelMetadata(): { fields: Array<[string, string]>; description: string } {
  return JSON.parse(
    inVenv(`import email, json, zipfile
archive = zipfile.ZipFile(${JSON.stringify(built.wheel)})
name = next(name for name in archive.namelist() if name.endswith(".dist-info/METADATA"))
message = email.message_from_string(archive.read(name).decode("utf-8"))
print(json.dumps({"fields": list(message.items()), "description": message.get_payload()}))`),
  ) as { fields: Array<[string, string]>; description: string };
}

const packageFiles = filesUnder(path.join(packageRoot, "src/agent_transcript")).map(
  (file) => `agent_transcript/${file}`,
);

describe("the built distribution", () => {
  it("is named and versioned for the format version it ships", () => {
    const version = /^agent_transcript-([^-]+)-py3-none-any\.whl$/.exec(path.basename(built.wheel))?.[1];
    expect(version, "the version in pyproject.toml").toMatch(versionRule);
    // setuptools before 69 writes the project's name with a dash, later ones normalise it (PEP 625).
    expect(path.basename(built.sdist)).toMatch(new RegExp(`^agent[-_]transcript-${version}\\.tar\\.gz$`));
    expect(wheelMetadata().fields).toContainEqual(["Version", version]);
    expect(
      inVenv("import agent_transcript; print(agent_transcript.FORMAT_VERSION)").trim(),
      "FORMAT_VERSION in src/agent_transcript/validation.py",
    ).toBe(formatVersion);
  });

  it("passes twine check --strict, wheel and sdist", () => {
    const result = run(python.command, ["-m", "twine", "check", "--strict", built.wheel, built.sdist], {
      env: { ...python.env, NO_COLOR: "1" },
    });
    expect(result.status, result.stdout + result.stderr).toBe(0);
    expect(result.stdout.match(/PASSED/g)).toHaveLength(2);
  });

  it("has the metadata an index shows: summary, README, licence, URLs, Python versions, dependencies", () => {
    const { fields, description } = wheelMetadata();
    const values = (field: string): string[] => fields.filter(([name]) => name === field).map(([, value]) => value);
    expect(values("Name")).toEqual(["agent-transcript"]);
    expect(values("Summary")[0]).toMatch(/Agent Transcript/);
    expect(values("License")).toEqual(["Apache-2.0"]);
    expect(values("Classifier")).toEqual(
      expect.arrayContaining(["License :: OSI Approved :: Apache Software License", "Typing :: Typed"]),
    );
    expect(values("Requires-Python")).toEqual([">=3.9"]);
    expect(values("Description-Content-Type")).toEqual(["text/markdown"]);
    expect(description.trim()).toBe(readFileSync(path.join(packageRoot, "README.md"), "utf8").trim());
    expect(values("Project-URL").map((entry) => entry.split(",")[0])).toEqual(
      expect.arrayContaining(["Homepage", "Repository", "Issues", "Changelog"]),
    );
    const requirements = values("Requires-Dist").join("\n");
    expect(requirements).toMatch(/^python-dateutil \(>=2\.8\)$/m);
    expect(requirements).toMatch(/^jsonschema \(>=4\.10\) ; extra == 'validate'$/m);
  });

  it("wheel: holds the package, py.typed, the schemas and the licence, and nothing else", () => {
    const names = archiveNames(built.wheel);
    expect(packageFiles).toEqual(
      expect.arrayContaining([
        "agent_transcript/py.typed",
        "agent_transcript/schemas/v1/strict/transcript.schema.json",
        "agent_transcript/schemas/v1/tolerant/transcript.schema.json",
      ]),
    );
    const distInfo = names.filter((name) => /^agent_transcript-[^/]+\.dist-info\//.test(name));
    expect(names.filter((name) => !distInfo.includes(name))).toEqual(packageFiles);
    expect(distInfo.map((name) => name.replace(/^[^/]+\//, "")).sort()).toEqual(
      ["LICENSE", "METADATA", "RECORD", "WHEEL", "top_level.txt"].sort(),
    );
  });

  it("sdist: holds what builds the wheel, the README and the licence, and no file of the workspace", () => {
    const names = archiveNames(built.sdist).filter((name) => !name.endsWith("/"));
    const root = names[0]?.split("/")[0] ?? "";
    const relative = names.map((name) => name.slice(root.length + 1));
    const metadata = relative.filter((name) => name.startsWith("src/agent_transcript.egg-info/"));
    expect(relative.filter((name) => !metadata.includes(name)).sort()).toEqual(
      [
        "LICENSE",
        "PKG-INFO",
        "README.md",
        "pyproject.toml",
        "setup.cfg",
        ...packageFiles.map((file) => `src/${file}`),
      ].sort(),
    );
    expect(metadata.length).toBeGreaterThan(0);
  });

  it("ships the licence of the repository", () => {
    expect(readFileSync(path.join(packageRoot, "LICENSE"), "utf8")).toBe(
      readFileSync(path.join(packageRoot, "../../LICENSE"), "utf8"),
    );
  });
});

interface ValidationResult {
  issues?: Array<{ pointer: string; keyword: string; message: string }>;
  error?: string;
}

function validateInstalled(items: Array<{ definition: string; mode: string; value: unknown }>): {
  module: string;
  results: ValidationResult[];
} {
  const script = path.join(packageRoot, "scripts/validate_installed.py");
  const result = spawnSync(built.venvPython, [script], {
    cwd: built.directory,
    env: built.env,
    input: JSON.stringify(items),
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  return JSON.parse(succeeded(result, "validate_installed.py")) as { module: string; results: ValidationResult[] };
}

describe("agent_transcript.validate, from the installed wheel", () => {
  const examples = loadExamples();
  const cases = examples.flatMap((example) =>
    (["strict", "tolerant"] as const).map((mode) => ({
      example,
      mode,
      accepted: example.group === "valid" || (example.group === "newer-minor" && mode === "tolerant"),
    })),
  );
  let module = "";
  let results: ValidationResult[] = [];
  beforeAll(() => {
    ({ module, results } = validateInstalled(
      cases.map(({ example, mode }) => ({ definition: example.definition, mode, value: example.value })),
    ));
  }, 300_000);

  it("is the installed package, not this checkout's sources", () => {
    expect(module.startsWith(path.dirname(path.dirname(built.venvPython)))).toBe(true);
    expect(cases.length).toBeGreaterThan(0);
    expect(results).toHaveLength(cases.length);
  });

  it.each(cases.map((entry, index) => [`${entry.example.file} (${entry.mode})`, entry, index] as const))(
    "gives the schema's verdict on %s",
    (_name, entry, index) => {
      const result = results[index];
      expect(result?.error).toBeUndefined();
      expect(result?.issues?.length === 0).toBe(entry.accepted);
      // Each rejection names where: the expected error itself, or, for a tolerant union that also admits members it
      // does not know (so no one member's errors are the cause), the union on the path to it.
      const expected = entry.example.expected;
      const named = (result?.issues ?? []).some(
        (issue) =>
          (issue.pointer === expected?.pointer && issue.keyword === expected.keyword) ||
          (issue.keyword === "anyOf" &&
            (expected?.pointer === issue.pointer || expected?.pointer.startsWith(`${issue.pointer}/`))),
      );
      expect(named).toBe(expected !== undefined);
    },
  );

  it("takes the same date-times and UUIDs as @agent-transcript/core's validators", () => {
    const event = examples.find((example) => example.file.endsWith("Event/valid/message-user.json"))?.value as Record<
      string,
      unknown
    >;
    const dateTimes = [
      "2026-06-08T08:14:42.123Z",
      "2026-06-08t08:14:42z",
      "2026-06-08 08:14:42Z",
      "2026-06-08\u00a008:14:42Z",
      "2026-06-08\ufeff08:14:42Z",
      "2026-06-08\u008508:14:42Z",
      "2026-06-08TT08:14:42Z",
      "2026-06-08T08:14:42+01:00",
      "2026-06-08T08:14:42+0100",
      "2026-06-08T08:14:42+01",
      "2026-06-08T08:14:42-00:00",
      "2026-06-08T08:14:42+24:00",
      "2026-06-08T08:14:42+23:60",
      "2026-06-08T08:14:42",
      "2026-06-08T08:14:42Z\n",
      "2026-06-08T08:14:42.Z",
      "2026-06-08T08:14:42,5Z",
      "2026-06-08T08:14:42.123456789012Z",
      "2024-02-29T00:00:00Z",
      "2023-02-29T00:00:00Z",
      "1900-02-29T00:00:00Z",
      "2000-02-29T00:00:00Z",
      "2026-06-31T00:00:00Z",
      "2026-13-01T00:00:00Z",
      "2026-00-10T00:00:00Z",
      "2026-06-00T00:00:00Z",
      "2026-06-08T24:00:00Z",
      "2026-06-08T08:60:00Z",
      "2026-06-08T08:14:60Z",
      "2026-06-08T23:59:60Z",
      "2026-06-08T23:59:60.5Z",
      "2026-06-08T23:59:61Z",
      "2026-06-08T22:59:60-01:00",
      "2026-06-09T00:59:60+01:00",
      "2026-06-08T23:59:60+01:00",
      "\uff12026-06-08T08:14:42Z",
      "2026-06-08T08:14:42\uff3a",
    ];
    const uuids = [
      "550e8400-e29b-41d4-a716-446655440000",
      "550E8400-E29B-41D4-A716-446655440000",
      "urn:uuid:550e8400-e29b-41d4-a716-446655440000",
      "URN:UUID:550e8400-e29b-41d4-a716-446655440000",
      "urn:uu\u0131d:550e8400-e29b-41d4-a716-446655440000",
      "{550e8400-e29b-41d4-a716-446655440000}",
      "550e8400e29b41d4a716446655440000",
      "550e8400-e29b-41d4-a716-44665544000g",
      "550e8400-e29b-41d4-a716-446655440000\n",
      "550e8400-e29b-41d4-a716-4466554400000",
    ];
    const documents = [
      ...dateTimes.map((timestamp) => ({ ...event, timestamp })),
      ...uuids.map((runId) => ({ ...event, run_id: runId })),
    ];
    const reference = validatorFor("Event", "strict");
    const expected = documents.map((document) => reference?.(document).ok);
    const { results: verdicts } = validateInstalled(
      documents.map((value) => ({ definition: "Event", mode: "strict", value })),
    );
    expect(verdicts.map((result) => result.error ?? result.issues?.length === 0)).toEqual(expected);
    // Both kinds of verdict are among them, or the comparison would prove little.
    expect(new Set(expected)).toEqual(new Set([true, false]));
  });

  it("refuses an unknown mode or definition, naming what it takes", () => {
    const { results } = validateInstalled([
      { definition: "Transcript", mode: "lenient", value: {} },
      { definition: "Transcrpt", mode: "strict", value: {} },
    ]);
    expect(results[0]?.error).toBe("ValueError: mode must be 'strict' or 'tolerant', not 'lenient'");
    expect(results[1]?.error).toMatch(/^ValueError: no definition 'Transcrpt'; the definitions are: .*\bTranscript\b/);
  });

  it("stops at 100 issues and says there were more", () => {
    const event = { seq: 1, run_id: "x", type: "message.user", path: "a", iteration: 0, timestamp: "t", payload: {} };
    const output = inVenv(
      `import json, sys, agent_transcript
try:
    agent_transcript.validate(json.load(sys.stdin), definition="Transcript")
except agent_transcript.InvalidDocumentError as error:
    print(json.dumps([len(error.issues), error.truncated, str(error)]))`,
      { schema_version: "1.0.0", id: "many", messages: Array.from({ length: 150 }, () => ({ ...event, role: 1 })) },
    );
    const [count, truncated, message] = JSON.parse(output) as [number, boolean, string];
    expect([count, truncated]).toEqual([100, true]);
    expect(message).toMatch(/^not a valid Transcript \(strict\): \/messages\/0\S* .* \(and 99\+ more\)$/);
  });

  it("refuses a document nested deeper than Python's recursion allows with a ValueError", () => {
    // Plan steps hold plan steps, so the schema follows the document down; built in Python, as json.load would
    // refuse the same depth itself.
    const output = inVenv(`import agent_transcript
document = {"id": "step", "title": "a step", "status": "pending"}
for _level in range(3000):
    document = {"id": "step", "title": "a step", "status": "pending", "subitems": [document]}
try:
    agent_transcript.validate(document, definition="PlanItem")
except ValueError as error:
    print(type(error).__name__, error)`);
    expect(output).toBe("ValueError the document is nested too deeply to validate\n");
  });

  it("refuses shipped schemas that refer to a schema not shipped, instead of fetching it", () => {
    // A copy of the installed package whose transcript schema refers to an address outside it.
    const copy = mkdtempSync(path.join(tmpdir(), "bindings-python-refusal-"));
    const installed = path.dirname(inVenv("import agent_transcript; print(agent_transcript.__file__)").trim());
    cpSync(installed, path.join(copy, "agent_transcript"), { recursive: true });
    const schemaFile = path.join(copy, "agent_transcript/schemas/v1/strict/transcript.schema.json");
    const schema = JSON.parse(readFileSync(schemaFile, "utf8")) as { properties: Record<string, unknown> };
    schema.properties.id = { $ref: "https://example.com/elsewhere.schema.json" };
    writeFileSync(schemaFile, JSON.stringify(schema));
    const result = spawnSync(built.venvPython, ["-c", "import agent_transcript; agent_transcript.validate({})"], {
      cwd: copy,
      env: { ...built.env, PYTHONPATH: copy },
      encoding: "utf8",
    });
    rmSync(copy, { recursive: true, force: true });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      "RuntimeError: shipped schema https://agent-transcript.dev/schemas/v1/transcript.schema.json refers to https://example.com/elsewhere.schema.json, which is not shipped",
    );
  });

  it("says which extra to install when jsonschema is missing", () => {
    // The wheel installed alone into a folder, run with no site-packages but dateutil's: the types import, and
    // validate says what it needs.
    const folder = mkdtempSync(path.join(tmpdir(), "bindings-python-bare-"));
    succeeded(
      run(built.venvPython, ["-m", "pip", "install", "--no-index", "--no-deps", "--target", folder, built.wheel], {
        env: built.env,
      }),
      "pip install --target",
    );
    const dependencies = path.join(folder, "dependencies");
    mkdirSync(dependencies);
    const locations = JSON.parse(
      inVenv("import dateutil, json, six; print(json.dumps([dateutil.__path__[0], six.__file__]))"),
    ) as string[];
    for (const location of locations) symlinkSync(location, path.join(dependencies, path.basename(location)));
    const result = spawnSync(
      built.venvPython,
      ["-S", "-c", "import agent_transcript; print(agent_transcript.v1.Role('user')); agent_transcript.validate({})"],
      { cwd: folder, env: { ...built.env, PYTHONPATH: `${folder}${path.delimiter}${dependencies}` }, encoding: "utf8" },
    );
    rmSync(folder, { recursive: true, force: true });
    expect(result.stdout).toBe("Role.USER\n");
    expect(result.stderr).toContain(
      'ImportError: agent_transcript.validate needs jsonschema: pip install "agent-transcript[validate]"',
    );
  });
});

describe("the README", () => {
  const readme = readFileSync(path.join(packageRoot, "README.md"), "utf8");

  it("has an example that runs against the installed wheel", () => {
    const example = /```python\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(example).toBeDefined();
    const folder = mkdtempSync(path.join(tmpdir(), "bindings-python-readme-"));
    const transcript = readFileSync(
      path.join(packageRoot, "../../schemas/v1/examples/Transcript/valid/request-with-tools.json"),
      "utf8",
    );
    writeFileSync(path.join(folder, "transcript.json"), transcript);
    const valid = spawnSync(built.venvPython, ["-c", example ?? ""], { cwd: folder, env: built.env, encoding: "utf8" });
    const parsed = JSON.parse(transcript) as { id: string; messages: unknown[] };
    expect(valid.stdout).toBe(`${parsed.id} ${parsed.messages.length} messages\n`);
    writeFileSync(path.join(folder, "transcript.json"), JSON.stringify({ schema_version: "1.0.0", id: "" }));
    const invalid = spawnSync(built.venvPython, ["-c", example ?? ""], {
      cwd: folder,
      env: built.env,
      encoding: "utf8",
    });
    rmSync(folder, { recursive: true, force: true });
    expect(invalid.status).toBe(1);
    expect(invalid.stdout).toContain("/messages required 'messages' is a required property");
    expect(invalid.stdout).toContain("/id minLength");
  });
});
