/**
 * Hostile input through every command: nesting past the limit, numbers a double cannot hold, invalid UTF-8, byte
 * order marks, oversized and gzip-bomb input, and inputs with a hundred thousand problems or warnings — generated,
 * plus one large case of each. Every command answers: no crash, no hang (the suite's timeout), no stack trace, exit
 * 1 with a message naming where (file, line, pointer or byte offset), and nothing half-written (an --output target
 * stays absent or unchanged). Hostile output targets too: the input itself, links, paths through a file, names over
 * the length limit, missing folders; refused touching nothing, and safe ones written whole with the right mode.
 */
import { spawnSync } from "node:child_process";
import {
  chmodSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { getDefaultHighWaterMark } from "node:stream";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { defaultMaxDepth, nameBasedUuid } from "@agent-transcript/core";
import { abbreviatePointer, escapeControlCharacters } from "@agent-transcript/core/json";
import { validateTranscript } from "@agent-transcript/core/validators";
import {
  gzipByteBomb,
  gzipLineBomb,
  makeFifo,
  runNodeChild,
  zstdByteBomb,
  zstdHugeWindow,
  zstdJsonLineBomb,
  zstdTinyBlocks,
} from "@agent-transcript/fixtures/hostile-files";
import { writeLargeEventLog } from "@agent-transcript/fixtures/large-event-log";
import { realFixturesRoot } from "@agent-transcript/fixtures/paths";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { captureIo } from "./capture-io.test.helpers.js";
import { run } from "./cli.js";
import { plainRelatedFiles } from "./related-files.js";

const scratch = mkdtempSync(path.join(tmpdir(), "cli-hostile-"));
const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
let fileCount = 0;
function scratchFile(name: string, content: string | Uint8Array): string {
  fileCount += 1;
  const folder = path.join(scratch, String(fileCount));
  mkdirSync(folder);
  const file = path.join(folder, name);
  writeFileSync(file, content);
  return file;
}

/** A valid document; "@@SLOT@@" (a string) marks where a hostile token goes, written into the text as it is. */
const slotMarker = "@@SLOT@@";
const slots = {
  toolInput: { pointer: "/messages/1/parts/0/input/query" },
  toolOutput: { pointer: "/messages/2/parts/0/output/rows/1" },
  providerField: { pointer: "/messages/3/provider_fields/openai/extra" },
} as const;
type Slot = keyof typeof slots;

function documentText(slot: Slot | undefined, indent: number | undefined): string {
  const value = (name: Slot, fallback: unknown): unknown => (slot === name ? slotMarker : fallback);
  const document = {
    schema_version: "1.0.0",
    id: "hostile",
    messages: [
      { role: "user", parts: [{ type: "text", text: "look it up" }] },
      {
        role: "assistant",
        parts: [{ type: "tool_call", id: "call_1", name: "lookup", input: { query: value("toolInput", "x") } }],
      },
      {
        role: "tool",
        parts: [
          { type: "tool_result", call_id: "call_1", status: "ok", output: { rows: [1, value("toolOutput", 2)] } },
        ],
      },
      {
        role: "assistant",
        // The model a request converted from the document names (convert refuses a request naming none).
        model: "gpt-4.1",
        parts: [{ type: "text", text: "done" }],
        provider_fields: { openai: { extra: value("providerField", true) } },
      },
    ],
  };
  return JSON.stringify(document, null, indent);
}

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

async function runCommand(args: string[], stdin?: string | Uint8Array): Promise<Outcome> {
  const output = captureIo(stdin);
  const code = await run(args, output.io);
  return { code, stdout: output.stdout(), stderr: output.stderr() };
}

/** The three commands on one input, each writing (when it writes) to an --output target that must survive a failure. */
async function everyCommand(file: string, preexisting: boolean): Promise<Array<Outcome & { command: string }>> {
  const outcomes: Array<Outcome & { command: string }> = [];
  const commands: Array<[string, string[]]> = [
    ["validate", ["validate", file]],
    ["export", ["export", file, "--output"]],
    ["convert", ["convert", file, "--to", "openai-chat", "--output"]],
  ];
  for (const [command, args] of commands) {
    const target = path.join(path.dirname(file), `${command}-output.json`);
    if (preexisting) writeFileSync(target, "sentinel");
    const outcome = await runCommand(args.at(-1) === "--output" ? [...args, target] : args);
    outcomes.push({ command, ...outcome });
    // Nothing half-written: the target is as it was, and no temporary file is left beside it.
    expect(existsSync(target) ? readFileSync(target, "utf8") : "absent", command).toBe(
      preexisting ? "sentinel" : "absent",
    );
    expect(
      readdirSync(path.dirname(file)).filter((name) => name.endsWith(".partial")),
      command,
    ).toEqual([]);
  }
  return outcomes;
}

/** Failed as a user error should: exit 1, no stack trace or internal error, and the message names `where`. */
function expectRefusal(outcome: Outcome & { command?: string }, where: readonly string[]): void {
  const all = outcome.stdout + outcome.stderr;
  expect(outcome.code, outcome.command).toBe(1);
  expect(all, outcome.command).not.toMatch(/^ {4}at |unexpected error|Maximum call stack|RangeError|TypeError/m);
  for (const fragment of where) expect(all, outcome.command).toContain(fragment);
}

/**
 * A file of the real `lines` with bad lines spliced in at the injections' places, each line ended by a newline: the
 * file, and the numbers (from 1) of the lines that are not real ones.
 */
function fileWithBadLines(
  name: string,
  realLines: readonly string[],
  injections: ReadonlyArray<readonly [number, string | Buffer]>,
): { file: string; bad: number[] } {
  const lines: Array<string | Buffer> = [...realLines];
  for (const [position, bad] of [...injections].sort((a, b) => b[0] - a[0])) lines.splice(position, 0, bad);
  const bad = lines.flatMap((line, index) => (typeof line === "string" && realLines.includes(line) ? [] : [index + 1]));
  const file = scratchFile(
    name,
    Buffer.concat(lines.flatMap((line) => [typeof line === "string" ? Buffer.from(line) : line, Buffer.from("\n")])),
  );
  return { file, bad };
}

/** Arrays or objects nested `levels` deep, written as text, and the pointer of the first one past the limit. */
function nestedText(levels: number, keys: readonly string[]): { text: string; tokens: string[] } {
  let open = "";
  let close = "";
  const tokens: string[] = [];
  for (let level = 0; level < levels; level += 1) {
    const key = keys[level % Math.max(1, keys.length)];
    if (keys.length === 0 || key === undefined) {
      open += "[";
      close = `]${close}`;
      tokens.push("0");
    } else {
      open += `{${JSON.stringify(key)}:`;
      close = `}${close}`;
      tokens.push(key.replaceAll("~", "~0").replaceAll("/", "~1"));
    }
  }
  return { text: `${open}1${close}`, tokens };
}

/** The depth of a slot's value: its pointer's tokens plus the root. */
const slotDepth = (slot: Slot): number => slots[slot].pointer.split("/").length - 1;

/** Number tokens that a double cannot hold as written, of every class the number policy names. */
/** The integer a number's shortest text (`1e+30`, `9007199254740992`) denotes exactly. */
function integerWritten(text: string): bigint {
  const [mantissa = "", exponent = "0"] = text.split("e+");
  const [whole = "", fraction = ""] = mantissa.split(".");
  return BigInt(`${whole}${fraction}`) * 10n ** BigInt(Number(exponent) - fraction.length);
}

const inexactNumber = fc.oneof(
  fc
    .bigInt({ min: 2n ** 53n + 1n, max: 10n ** 30n })
    // Inexact: a double writes it back (in its shortest form) as another integer. 10^30 is written back as 1e+30,
    // which is the same integer, so it is exact by the toolkit's rule and not a case here.
    .filter((integer) => integerWritten(String(Number(integer))) !== integer)
    .chain((integer) => fc.constantFrom(String(integer), `-${integer}`)),
  fc.integer({ min: 309, max: 99_999 }).map((exponent) => `1e${exponent}`),
  fc.integer({ min: 325, max: 99_999 }).map((exponent) => `-2.5E-${exponent}`),
  fc.constantFrom("-0", "-0.0", "-0e5", "-0.000E-3"),
  fc.integer({ min: 17, max: 60 }).map((zeros) => `0.1${"0".repeat(zeros)}1`),
);

describe("hostile input through validate, export and convert", () => {
  it("starts from a document every command accepts", async () => {
    const file = scratchFile("valid.json", documentText(undefined, 2));
    expect((await runCommand(["validate", file])).code).toBe(0);
    expect((await runCommand(["export", file])).code).toBe(0);
    expect((await runCommand(["convert", file, "--to", "openai-chat"])).code).toBe(0);
  });

  it("refuses nesting past the limit anywhere, naming file, line, column and pointer (generated)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<Slot>("toolInput", "toolOutput", "providerField"),
        fc.integer({ min: defaultMaxDepth, max: 3_000 }),
        // Keys of any UTF-16 code units: control characters, separators, lone surrogates as well as ASCII.
        fc.array(
          fc.string({
            maxLength: 3,
            unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
          }),
          { maxLength: 3 },
        ),
        fc.constantFrom(undefined, 2),
        fc.boolean(),
        async (slot, levels, keys, indent, preexisting) => {
          const nested = nestedText(levels, keys);
          const template = documentText(slot, indent);
          const at = template.indexOf(`"${slotMarker}"`);
          // A function, not a string: generated keys may hold `$&` or `$'`, which a replacement string expands.
          const text = template.replace(`"${slotMarker}"`, () => nested.text);
          const file = scratchFile("deep.json", text);
          // The slot's value sits in as many containers as its pointer has tokens; the first container past the
          // limit is as many levels further in as the limit leaves.
          const inside = nested.tokens.slice(0, defaultMaxDepth - slotDepth(slot));
          const pointer = `${slots[slot].pointer}/${inside.join("/")}`;
          const line = template.slice(0, at).split("\n").length;
          for (const outcome of await everyCommand(file, preexisting))
            expectRefusal(outcome, [
              file,
              `nested deeper than ${defaultMaxDepth}`,
              // Messages show a control character in a key as its escape (terminal safety).
              escapeControlCharacters(abbreviatePointer(pointer)),
              outcome.command === "convert" ? `line ${line}, column` : `${file}:${line}:`,
            ]);
        },
      ),
    );
  });

  it("refuses every number a double cannot hold as written, naming file, line, column and pointer (generated)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<Slot>("toolInput", "toolOutput", "providerField"),
        inexactNumber,
        fc.constantFrom(undefined, 2),
        fc.boolean(),
        async (slot, token, indent, preexisting) => {
          const template = documentText(slot, indent);
          const offset = template.indexOf(`"${slotMarker}"`);
          const text = template.replace(`"${slotMarker}"`, () => token);
          const file = scratchFile("numbers.json", text);
          const line = text.slice(0, offset).split("\n").length;
          const column = offset - text.lastIndexOf("\n", offset - 1);
          for (const outcome of await everyCommand(file, preexisting))
            expectRefusal(outcome, [
              file,
              slots[slot].pointer,
              "numbers are IEEE 754 doubles here",
              outcome.command === "convert" ? `line ${line}, column ${column}` : `${file}:${line}:${column}:`,
            ]);
        },
      ),
    );
  });

  it("refuses invalid UTF-8 by its byte offset, line and column, and accepts a byte order mark everywhere (generated)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(undefined, 2),
        fc.nat(),
        fc.constantFrom([0xff], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xe2, 0x28, 0xa1], [0xf0, 0x9f, 0x98]),
        fc.boolean(),
        async (indent, at, bad, preexisting) => {
          const text = documentText(undefined, indent);
          // Inside one of the strings of the document, after a character.
          const strings = [...text.matchAll(/"[a-z_ ]+"/g)];
          const chosen = strings[at % strings.length] as RegExpMatchArray;
          const cut = (chosen.index ?? 0) + 2;
          const bytes = Buffer.concat([
            Buffer.from(text.slice(0, cut)),
            Buffer.from(bad),
            Buffer.from(text.slice(cut)),
          ]);
          const line = text.slice(0, cut).split("\n").length;
          const column = cut - text.lastIndexOf("\n", cut - 1);
          const file = scratchFile("utf8.json", bytes);
          const where = `not valid UTF-8 at byte ${Buffer.byteLength(text.slice(0, cut))}`;
          for (const outcome of await everyCommand(file, preexisting))
            expectRefusal(outcome, [
              outcome.command === "convert"
                ? `line ${line}, column ${column}: ${where}`
                : `${file}:${line}:${column}: ${where}`,
            ]);
        },
      ),
    );
    // The byte order mark depends on nothing the runs generate but the indent: tried once for each, not per run.
    for (const indent of [undefined, 2]) {
      const marked = scratchFile("bom.json", `\uFEFF${documentText(undefined, indent)}`);
      expect((await runCommand(["validate", marked])).code).toBe(0);
      expect((await runCommand(["export", marked])).code).toBe(0);
      expect((await runCommand(["convert", marked, "--to", "openai-chat"])).code).toBe(0);
    }
  });

  const readingCommands = (file: string): string[][] => [
    ["validate", file],
    ["export", file],
    ["convert", file, "--to", "openai-chat"],
  ];

  /**
   * Runs the reading commands (or the one `only` picks: plain or gzip, then the command) on a document padded to
   * `excess` bytes over a limit `room` bytes over its size.
   */
  async function expectLimitsHeld(room: number, excess: number, only?: number): Promise<number> {
    // The document padded with trailing whitespace to just over the limit: valid JSON of exactly that size.
    const limit = documentText(undefined, 2).length + room;
    const text = documentText(undefined, 2).padEnd(limit + excess, " ");
    const plain = scratchFile("large.json", text);
    const packed = scratchFile("large.json.gz", gzipSync(text));
    for (const [kind, [file, flag, sentence]] of (
      [
        [plain, "--max-input-size", "larger than the input limit of"],
        [packed, "--max-decompressed-size", "decompresses to more than the limit of"],
      ] as const
    ).entries()) {
      for (const [command, args] of readingCommands(file).entries()) {
        if (only !== undefined && only !== kind * 3 + command) continue;
        const refused = await runCommand([...args, flag, String(limit)]);
        expectRefusal(refused, [file, flag]);
        // A limit of whole KiB or MiB is written in them too, before the bytes: "6 KiB (6144 bytes)".
        expect(refused.stdout + refused.stderr).toMatch(new RegExp(`${sentence} (\\d+ [KM]iB \\()?${limit} bytes`));
        const accepted = await runCommand([...args, flag, String(limit + excess)]);
        expect(accepted.code, accepted.stdout + accepted.stderr).toBe(0);
      }
    }
    return limit;
  }

  it("refuses input over --max-input-size and gzip over --max-decompressed-size, naming the limit and the flag (generated)", async () => {
    await fc.assert(
      // Each run tries one of the six pairs of limit and command (each run once tried all six): as many pairs in all,
      // for a sixth of the time a run took.
      fc.asyncProperty(
        fc.integer({ min: 0, max: 8192 }),
        fc.integer({ min: 1, max: 5000 }),
        fc.nat({ max: 5 }),
        async (room, excess, only) => {
          await expectLimitsHeld(room, excess, only);
        },
      ),
    );
  });

  it("names a limit of whole KiB in KiB and in bytes", async () => {
    // Found by the generated test above: a limit of 6144 bytes is written "6 KiB (6144 bytes)", as meant.
    expect(await expectLimitsHeld(5184, 1)).toBe(6144);
    const outcome = await runCommand([
      "validate",
      scratchFile("six.json", " ".repeat(6145)),
      "--max-input-size",
      "6144",
    ]);
    expectRefusal(outcome, ["larger than the input limit of 6 KiB (6144 bytes)", "--max-input-size"]);
  });

  it("refuses gzip that is not gzip, and reads gzip whatever the file is called", async () => {
    const text = documentText(undefined, undefined);
    const truncated = scratchFile("cut.json.gz", gzipSync(text).subarray(0, 40));
    for (const outcome of await everyCommand(truncated, true)) expectRefusal(outcome, [truncated, "not valid gzip"]);
    const disguised = scratchFile("plain-name.json", gzipSync(text));
    expect((await runCommand(["validate", disguised])).code).toBe(0);
    expect((await runCommand(["convert", disguised, "--to", "anthropic"])).code).toBe(0);
  });

  it("holds event log lines and JSON-lines streams to the same limits, naming the line", async () => {
    const event = (seq: number, input: string): string =>
      `{"seq":${seq},"run_id":"550e8400-e29b-41d4-a716-446655440000","type":"tool.call","path":"a","iteration":0,"timestamp":"2026-06-08T08:14:42Z","payload":{"call_id":"c${seq}","name":"n","input":${input},"fidelity":"router"}}`;
    const deep = nestedText(600, []).text;
    for (const [input, where] of [
      [deep, "nested deeper than 512"],
      ["1e999", "the number 1e999"],
    ] as const) {
      const log = scratchFile("run.jsonl", [event(1, "{}"), event(2, input), event(3, "{}")].join("\n") + "\n");
      for (const outcome of (await everyCommand(log, false)).filter((outcome) => outcome.command !== "convert"))
        expectRefusal(outcome, [`${log}:2:`, "/payload/input", where]);
      const chunks = scratchFile(
        "stream.jsonl",
        [`{"id":"a","choices":[]}`, `{"id":"a","choices":[${input}]}`].join("\n"),
      );
      expectRefusal(await runCommand(["convert", chunks, "--from", "openai-chat", "--to", "anthropic"]), [
        "/1/choices/0",
        "line 2, column",
        where,
      ]);
    }
  });

  it("refuses to export an event log whose lines are within the limit but whose folded document is not", async () => {
    // A tool input sits two levels deeper in the document (/messages/0/parts/0/input) than in its line (/payload/input).
    const input = nestedText(509, []).text;
    const line = `{"seq":1,"run_id":"550e8400-e29b-41d4-a716-446655440000","type":"tool.call","path":"a","iteration":0,"timestamp":"2026-06-08T08:14:42Z","payload":{"call_id":"c1","name":"n","input":${input},"fidelity":"router"}}`;
    const log = scratchFile(
      "deep-fold.jsonl",
      `${line}\n${line.replace('"seq":1', '"seq":2').replace('"c1"', '"c2"')}\n`,
    );
    expect((await runCommand(["validate", log])).code).toBe(0);
    const [, exported] = await everyCommand(log, true);
    expectRefusal(exported as Outcome, [
      log,
      "the document folded from this event log is nested deeper than 512",
      "/messages/0/parts/0/input/0/0/",
    ]);
  });

  it("answers a 100,000-deep array in every command", async () => {
    const file = scratchFile(
      "very-deep.json",
      documentText("toolInput", undefined).replace(`"${slotMarker}"`, `${"[".repeat(100_000)}${"]".repeat(100_000)}`),
    );
    for (const outcome of await everyCommand(file, true))
      expectRefusal(outcome, [file, "nested deeper than 512", "/messages/1/parts/0/input/query/0/0/"]);
  });

  it("lists the first 100 of 100,000 schema errors and counts the rest, in one linear pass", async () => {
    const messages = Array.from({ length: 100_000 }, () => ({ role: "nobody", parts: [] }));
    const file = scratchFile("errors.json", JSON.stringify({ schema_version: "1.0.0", id: "e", messages }, null, 1));
    const [validate, exported, converted] = await everyCommand(file, false);
    // validate's problem list is its report (stdout); export's stdout is only ever the export, so its go to stderr.
    for (const [outcome, report] of [
      [validate, validate?.stdout],
      [exported, exported?.stderr],
    ] as Array<[Outcome, string]>) {
      expectRefusal(outcome, [`${file}:6: /messages/0/role`, "only the first 100 are listed"]);
      expect(report.split("\n").filter((line) => line.startsWith(`${file}:`) && line.includes(": /")).length).toBe(100);
      expect(Number(/and (\d+) more problems/.exec(report)?.[1])).toBeGreaterThanOrEqual(99_900);
    }
    expect(exported?.stdout).toBe("");
    expectRefusal(converted as Outcome, ["/messages/0/role", "more errors (only the first 100 are listed)"]);
    expect(converted?.stderr.split("\n").filter((line) => line.includes(": error: ")).length).toBe(100);
  });

  it("reports 130,000 warnings of one conversion in a few lines, and every one of them with --json", async () => {
    const reasoning = Array.from({ length: 130_000 }, () => ({ type: "reasoning", text: "r" }));
    const file = scratchFile(
      "warnings.json",
      JSON.stringify({
        schema_version: "1.0.0",
        id: "w",
        messages: [
          // A participant name Chat has no field for: one warning of another code beside the 130,000.
          { role: "user", name: "ana", parts: [{ type: "text", text: "go" }] },
          { role: "assistant", model: "gpt-4.1", parts: [{ type: "text", text: "ok" }, ...reasoning] },
        ],
      }),
    );
    const outcome = await runCommand(["convert", file, "--to", "openai-chat"]);
    expect(outcome.code).toBe(0);
    expect(outcome.stderr).toMatch(/with 130001 warnings\n$/);
    // Spreading them into push() once overflowed the stack; printing one line each buried the result.
    expect(outcome.stderr.split("\n").length).toBeLessThan(8);
    expect(outcome.stderr).toContain("130001 warnings: ");
    const quiet = await runCommand(["convert", file, "--to", "openai-chat", "--quiet"]);
    expect([quiet.code, quiet.stderr]).toEqual([0, ""]);
    const target = path.join(path.dirname(file), "converted.json");
    const reported = await runCommand(["convert", file, "--to", "openai-chat", "--json", "--output", target]);
    expect(reported.code).toBe(0);
    expect((JSON.parse(reported.stdout) as { warnings: unknown[] }).warnings).toHaveLength(130_001);
  });
});

describe("hostile Claude Code sessions through import", () => {
  const real = readFileSync(path.join(realFixturesRoot(), "spotter/test/fixtures/transcripts/subagent.jsonl"));
  const realLines = real.toString("utf8").replace(/\n$/, "").split("\n");
  /** Bad lines of every kind a session file can hold, each costing only itself. */
  const badLine = fc.oneof(
    fc.string({ minLength: 1, maxLength: 30 }).filter((text) => text.trim() !== "" && !text.includes("\n")),
    fc.constantFrom("[]", "null", "{}", '{"type": 1}', '{"type":"user"', "\u001b[31mred\u0007"),
    fc
      .integer({ min: defaultMaxDepth, max: 2_000 })
      .map((levels) => `{"type":"user","deep":${nestedText(levels, []).text}}`),
    inexactNumber.map((number) => `{"type":"progress","n":${number}}`),
    fc.constant(Buffer.from([0x7b, 0xff, 0xfe, 0x7d])),
  );

  it("imports the rest of a session around bad lines, warning about each by its line, the output whole (generated)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.nat({ max: realLines.length }), badLine), { minLength: 1, maxLength: 5 }),
        fc.boolean(),
        async (injections, preexisting) => {
          const { file, bad } = fileWithBadLines("session.jsonl", realLines, injections);
          const target = path.join(path.dirname(file), "session.json");
          if (preexisting) writeFileSync(target, "sentinel");
          const outcome = await runCommand(["import", file, "--verbose", "--output", target]);
          expect(outcome.code).toBe(0);
          expect(outcome.stderr).not.toMatch(/^ {4}at |unexpected error|Maximum call stack|RangeError|TypeError/m);
          expect(hasControlCharacter(outcome.stderr)).toBe(false);
          for (const line of bad)
            expect(outcome.stderr).toMatch(new RegExp(`warning: line ${line}: (unparsable|invalid)-line: `));
          const written = JSON.parse(readFileSync(target, "utf8")) as unknown;
          const validation = validateTranscript(written);
          expect(validation.ok ? [] : validation.errors).toEqual([]);
        },
      ),
    );
  });

  it("imports a session cut at any byte, losing at most the cut line (generated)", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: real.length }), async (cut) => {
        const file = scratchFile("cut.jsonl", real.subarray(0, cut));
        const outcome = await runCommand([
          "import",
          file,
          "--json",
          "--output",
          path.join(path.dirname(file), "cut.json"),
        ]);
        const report = JSON.parse(outcome.stdout) as { ok: boolean; unexplainedLosses: number; problems: unknown[] };
        // A cut inside the first record leaves no record at all: refused, naming the file, never a crash.
        expect(outcome.code === 0 ? report.unexplainedLosses : 0).toBeLessThanOrEqual(1);
        expect(outcome.code === 0 || report.problems.length > 0).toBe(true);
        expect(outcome.stderr).toBe("");
      }),
    );
  });

  it("holds a session and its sub-agent files to --max-input-size, and refuses a gzip bomb", async () => {
    const file = scratchFile("session.jsonl", real);
    expectRefusal(await runCommand(["import", file, "--max-input-size", "1KiB"]), [file, "--max-input-size"]);
    const bomb = scratchFile("bomb.jsonl.gz", gzipSync(Buffer.alloc(8 * 1024 * 1024, 0x20)));
    expectRefusal(await runCommand(["import", bomb, "--max-decompressed-size", "1MiB"]), [
      bomb,
      "--max-decompressed-size",
    ]);
  });
});

describe("hostile Codex rollouts through import", () => {
  const real = readFileSync(
    path.join(realFixturesRoot(), "agtrace/crates/agtrace-providers/tests/samples/codex_session.jsonl"),
  );
  const realLines = real.toString("utf8").replace(/\n$/, "").split("\n");
  /** Bad lines of every kind a rollout can hold, each costing only itself. */
  const badLine = fc.oneof(
    fc.string({ minLength: 1, maxLength: 30 }).filter((text) => text.trim() !== "" && !text.includes("\n")),
    fc.constantFrom("[]", "null", '"text"', '{"type":"event_msg"', "\u001b[31mred\u0007"),
    fc
      .integer({ min: defaultMaxDepth, max: 2_000 })
      .map((levels) => `{"type":"response_item","payload":${nestedText(levels, []).text}}`),
    fc.constant(Buffer.from([0x7b, 0xff, 0xfe, 0x7d])),
  );

  it("imports the rest of a rollout around bad lines, warning about each by its line, the output whole (generated)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.nat({ max: realLines.length }), badLine), { minLength: 1, maxLength: 5 }),
        async (injections) => {
          const { file, bad } = fileWithBadLines("rollout-hostile.jsonl", realLines, injections);
          const target = path.join(path.dirname(file), "rollout.json");
          const outcome = await runCommand(["import", file, "--format", "codex", "--verbose", "--output", target]);
          expect(outcome.code).toBe(0);
          expect(outcome.stderr).not.toMatch(/^ {4}at |unexpected error|Maximum call stack|RangeError|TypeError/m);
          expect(hasControlCharacter(outcome.stderr)).toBe(false);
          for (const line of bad)
            expect(outcome.stderr).toMatch(new RegExp(`warning: line ${line}: (unparsable|invalid)-line: `));
          const written = JSON.parse(readFileSync(target, "utf8")) as unknown;
          const validation = validateTranscript(written);
          expect(validation.ok ? [] : validation.errors).toEqual([]);
        },
      ),
    );
  });

  it("imports a rollout cut at any byte, losing at most the cut line (generated)", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: real.length }), async (cut) => {
        const file = scratchFile("rollout-cut.jsonl", real.subarray(0, cut));
        const outcome = await runCommand([
          "import",
          file,
          "--json",
          "--output",
          path.join(path.dirname(file), "cut.json"),
        ]);
        const report = JSON.parse(outcome.stdout) as { ok: boolean; unexplainedLosses: number; problems: unknown[] };
        // A cut inside the first record leaves no record at all: refused, naming the file, never a crash.
        expect(outcome.code === 0 ? report.unexplainedLosses : 0).toBeLessThanOrEqual(1);
        expect(outcome.code === 0 || report.problems.length > 0).toBe(true);
        expect(outcome.stderr).toBe("");
      }),
    );
  });

  it("holds a rollout to --max-input-size, and refuses a Zstandard bomb and bytes that are no Zstandard", async () => {
    const file = scratchFile("rollout-big.jsonl", real);
    expectRefusal(await runCommand(["import", file, "--max-input-size", "1KiB"]), [file, "--max-input-size"]);
    const bomb = scratchFile("rollout-bomb.jsonl.zst", zstdByteBomb(8));
    expectRefusal(await runCommand(["import", bomb, "--max-decompressed-size", "1MiB"]), [
      bomb,
      "--max-decompressed-size",
    ]);
    // Zstandard's magic number, then garbage: refused as what it is, not read as text.
    const broken = scratchFile("rollout-broken.jsonl.zst", Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 0xff, 0xff, 0xff]));
    const outcome = await runCommand(["import", broken]);
    expect(outcome.code).toBe(1);
    expect(outcome.stderr).toContain("not valid Zstandard");
    expect(outcome.stderr).not.toMatch(/^ {4}at |unexpected error|RangeError|TypeError/m);
  });
});

describe("hostile interchange files (ATIF trajectories, AWF transcript logs) through import and convert", () => {
  const trajectory = readFileSync(
    path.join(
      realFixturesRoot(),
      "inspect-scout/tests/sources/atif_source/fixtures/terminus_2_hello-world-context-summarization-linear-history.trajectory.json",
    ),
  );
  const awf = readFileSync(
    path.join(
      repositoryRoot,
      "packages/providers/src/formats/awf-transcript/fixtures/550e8400-e29b-41d4-a716-446655440000.jsonl",
    ),
  );
  const awfLines = awf.toString("utf8").replace(/\n$/, "").split("\n");

  it("an ATIF trajectory cut at any byte: a clear error naming the line and column, or a document; never a crash (generated)", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: trajectory.length }), async (cut) => {
        const file = scratchFile("trajectory.json", trajectory.subarray(0, cut));
        const outcome = await runCommand([
          "import",
          file,
          "--format",
          "atif",
          "--json",
          "--output",
          path.join(path.dirname(file), "t.json"),
        ]);
        expect(outcome.stderr).not.toMatch(/^ {4}at |unexpected error|Maximum call stack|RangeError|TypeError/m);
        const report = JSON.parse(outcome.stdout) as {
          ok: boolean;
          problems: Array<{ message: string; line?: number }>;
        };
        // The whole file is one JSON value: cut inside it, it is refused, the problem naming the line and column it
        // stops at; cut only in the whitespace after it, it is whole.
        let whole: boolean;
        try {
          JSON.parse(trajectory.subarray(0, cut).toString("utf8"));
          whole = true;
        } catch {
          whole = false;
        }
        expect([report.ok, outcome.code]).toEqual(whole ? [true, 0] : [false, 1]);
        expect(
          whole ||
            report.problems.some(
              (problem) => problem.line !== undefined && /line \d+, column \d+/.test(problem.message),
            ),
        ).toBe(true);
      }),
    );
  });

  it("an ATIF trajectory with hostile values in its steps imports to a valid document, the value's pointer named (generated)", async () => {
    const hostile = fc.oneof(
      fc.constantFrom("\u001b[31mred\u0007", "__proto__", "<redacted>", -1, 1e308, null, [], {}),
      fc.jsonValue({ maxDepth: 3 }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("source", "timestamp", "tool_calls", "observation", "metrics", "message"),
        hostile,
        async (field, value) => {
          const parsed = JSON.parse(trajectory.toString("utf8")) as { steps: Array<Record<string, unknown>> };
          (parsed.steps[1] as Record<string, unknown>)[field] = value;
          const file = scratchFile("trajectory.json", JSON.stringify(parsed, null, 2));
          const target = path.join(path.dirname(file), "t.json");
          const outcome = await runCommand(["import", file, "--verbose", "--output", target]);
          expect(outcome.code).toBe(0);
          expect(hasControlCharacter(outcome.stderr)).toBe(false);
          const validation = validateTranscript(JSON.parse(readFileSync(target, "utf8")) as unknown);
          expect(validation.ok ? [] : validation.errors).toEqual([]);
          expect(({} as Record<string, unknown>).polluted).toBeUndefined();
        },
      ),
    );
  });

  it("an AWF transcript with bad lines anywhere converts, each bad line warned about by its number (generated)", async () => {
    const badLine = fc.oneof(
      fc
        .string({ minLength: 1, maxLength: 30 })
        .filter((text) => text.trim() !== "" && !text.includes("\n") && !text.includes("\r")),
      fc.constantFrom("[]", "null", "{}", '{"seq":"1"}', '{"seq":1,"run_id":', "\u001b[31mred\u0007"),
      fc
        .integer({ min: defaultMaxDepth, max: 2_000 })
        .map((levels) => `{"seq":1,"deep":${nestedText(levels, []).text}}`),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.nat({ max: awfLines.length }), badLine), { minLength: 1, maxLength: 4 }),
        async (injections) => {
          const { file, bad } = fileWithBadLines("550e8400-e29b-41d4-a716-446655440000.jsonl", awfLines, injections);
          const target = path.join(path.dirname(file), "out.json");
          const outcome = await runCommand([
            "convert",
            file,
            "--from",
            "awf-transcript",
            "--to",
            "atif",
            "--verbose",
            "--output",
            target,
          ]);
          expect(outcome.code).toBe(0);
          expect(outcome.stderr).not.toMatch(/^ {4}at |unexpected error|Maximum call stack|RangeError|TypeError/m);
          expect(hasControlCharacter(outcome.stderr)).toBe(false);
          for (const line of bad)
            expect(outcome.stderr).toMatch(new RegExp(`(unparsable|invalid)-line: line ${line}: `));
          expect((JSON.parse(readFileSync(target, "utf8")) as { schema_version: string }).schema_version).toBe(
            "ATIF-v1.7",
          );
        },
      ),
    );
  });

  it("never writes a related file outside the output's folder, whatever a child run is called", async () => {
    const document = {
      schema_version: "1.0.0",
      id: "run",
      messages: [],
      run: {
        status: "completed",
        children: [
          { run_id: "../../escaped", transcript: { schema_version: "1.0.0", id: "../../escaped", messages: [] } },
        ],
      },
    };
    const file = scratchFile("doc.json", JSON.stringify(document));
    const target = path.join(path.dirname(file), "nested", "run.jsonl");
    mkdirSync(path.dirname(target), { recursive: true });
    for (const command of [
      ["convert", file, "--to", "awf-transcript"],
      ["export", file, "--format", "awf-transcript"],
    ]) {
      const outcome = await runCommand([...command, "--verbose", "--output", target]);
      expect(outcome.code).toBe(0);
      // AWF names a child's file by its run id, a UUID: the hostile id is written as its name-based UUID, said on
      // stderr, and the file lands beside the output.
      expect(outcome.stderr).toContain(`the run id "../../escaped" was written as ${nameBasedUuid("../../escaped")}`);
      expect(existsSync(path.join(path.dirname(target), `${nameBasedUuid("../../escaped")}.jsonl`))).toBe(true);
      expect(existsSync(path.join(path.dirname(file), "..", "escaped.jsonl"))).toBe(false);
      expect(existsSync(path.join(path.dirname(file), "escaped.jsonl"))).toBe(false);
      rmSync(path.join(path.dirname(target), `${nameBasedUuid("../../escaped")}.jsonl`));
    }
  });

  it("leaves out, and says so, a related file whose name is not a plain file name (a format that names files by ids)", () => {
    const dropped: string[] = [];
    const kept = plainRelatedFiles(
      ["../../escaped.jsonl", "a/b.json", "..", "", "nul\u0000.json", "child.json"].map((name) => ({
        name,
        text: "{}",
      })),
      (message) => dropped.push(message),
    );
    expect(kept.map((file) => file.name)).toEqual(["child.json"]);
    expect(dropped).toHaveLength(5);
    expect(dropped[0]).toBe('a related file named "../../escaped.jsonl" was not written: not a plain file name');
  });
});

describe("hostile Gemini CLI sessions through import", () => {
  const single = readFileSync(
    path.join(
      realFixturesRoot(),
      "codemie-code/tests/integration/metrics/fixtures/gemini/session-2025-12-01T21-45-5b959dae.json",
    ),
  );
  // The same session as Gemini CLI's JSONL (v0.40 on): the header, then one record per message.
  const { messages, ...header } = JSON.parse(single.toString("utf8")) as { messages: unknown[] };
  const jsonlLines = [header, ...messages].map((record) => JSON.stringify(record));
  const badLine = fc.oneof(
    fc.string({ minLength: 1, maxLength: 30 }).filter((text) => text.trim() !== "" && !text.includes("\n")),
    fc.constantFrom("[]", "null", '{"id": 1}', '{"id":"x","type":"gemini"', "\u001b[31mred\u0007", "{"),
    fc
      .integer({ min: defaultMaxDepth, max: 2_000 })
      .map((levels) => `{"id":"deep","n":${nestedText(levels, []).text}}`),
    inexactNumber.map((number) => `{"id":"n","type":"gemini","tokens":{"input":${number},"output":1,"total":1}}`),
    fc.constant(Buffer.from([0x7b, 0xff, 0xfe, 0x7d])),
  );

  it("imports the rest of a JSONL session around bad lines, warning about each by its line (generated)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.nat({ max: jsonlLines.length }), badLine), { minLength: 1, maxLength: 4 }),
        async (injections) => {
          const { file } = fileWithBadLines("session.jsonl", jsonlLines, injections);
          const target = path.join(path.dirname(file), "session.json");
          const outcome = await runCommand(["import", file, "--format", "gemini-cli", "--verbose", "--output", target]);
          expect(outcome.code).toBe(0);
          expect(outcome.stderr).not.toMatch(/^ {4}at |unexpected error|Maximum call stack|RangeError|TypeError/m);
          expect(hasControlCharacter(outcome.stderr)).toBe(false);
          const written = JSON.parse(readFileSync(target, "utf8")) as { messages: Array<{ role: string }> };
          const validation = validateTranscript(written);
          expect(validation.ok ? [] : validation.errors).toEqual([]);
          // Every real message survives whatever was put between them.
          expect(written.messages.filter((message) => message.role !== "tool")).toHaveLength(messages.length);
        },
      ),
      {
        // Found by this property: a stray brace first, then a line that is not UTF-8 (the session was refused whole).
        examples: [
          [
            [
              [0, Buffer.from([0x7b, 0xff, 0xfe, 0x7d])],
              [0, "{"],
            ],
          ],
        ],
      },
    );
  });

  it("refuses a single-file session cut at any byte with the line and column where it breaks (generated)", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: single.length - 1 }), async (cut) => {
        const file = scratchFile("session-cut.json", single.subarray(0, cut));
        const target = path.join(path.dirname(file), "out.json");
        const outcome = await runCommand(["import", file, "--format", "gemini-cli", "--output", target]);
        expectRefusal(outcome, [file]);
        expect(outcome.stderr).toMatch(/(?:not valid JSON at line \d+, column \d+|not valid UTF-8)/);
        expect(existsSync(target)).toBe(false);
      }),
    );
  });

  it("imports, converts and exports a real single-file session detected by its content", async () => {
    const file = scratchFile("session-2025-12-01T21-45-5b959dae.json", single);
    const folder = path.dirname(file);
    const imported = await runCommand(["import", file, "--json", "--output", path.join(folder, "imported.json")]);
    expect(imported.code).toBe(0);
    expect(JSON.parse(imported.stdout)).toMatchObject({ ok: true, format: "gemini-cli", unexplainedLosses: 0 });
    const validated = await runCommand(["validate", path.join(folder, "imported.json")]);
    expect(validated.code).toBe(0);
    const converted = await runCommand(["convert", file, "--from", "gemini-cli", "--to", "anthropic", "--quiet"]);
    expect(converted.code).toBe(0);
    expect((JSON.parse(converted.stdout) as { messages: unknown[] }).messages.length).toBeGreaterThan(0);
    const exported = await runCommand(["export", file, "--format", "markdown", "--quiet"]);
    expect(exported.code).toBe(0);
    expect(exported.stdout).toContain("Make a copy of lead_memory.txt");
  });
});

/** Control characters other than the line feeds that end lines: none may reach a terminal. */
const hasControlCharacter = (text: string): boolean =>
  [...text].some((character) => {
    const code = character.codePointAt(0) ?? 0;
    return (code < 0x20 && code !== 0x0a) || (code >= 0x7f && code <= 0x9f);
  });

describe("hostile output targets through export and convert", () => {
  /** What is at the --output path before the command runs, and how its refusal reads. */
  const refusedKinds = {
    "the input itself": /it is the input/,
    "a hard link to the input": /it is the input .*the same file under another name/,
    "a link to another file": /symbolic link to a regular file/,
    "a broken link": /symbolic link to nothing/,
    "a path through a file": /is not a folder/,
    "a name too long": /longer than the file system allows/,
    "a missing folder": /does not exist/,
  } as const;
  type RefusedKind = keyof typeof refusedKinds;
  // Names people and attackers give: spaces, unicode, quotes, control characters; never "/" or NUL.
  const outputName = fc
    .string({
      unit: fc.oneof(
        fc.constantFrom(" ", "é", "'", '"', "\u001b", "\u009b", "\n", "\t", "-"),
        fc.integer({ min: 0x01, max: 0x2fff }).map((code) => String.fromCharCode(code)),
      ),
      minLength: 1,
      maxLength: 12,
    })
    .map((name) => `o${name.replaceAll("/", "_")}.json`);

  /** A fresh folder holding the input and another file; the paths, and the input's text. */
  function setUp(): { input: string; folder: string; other: string; original: string } {
    const input = scratchFile("input.json", documentText(undefined, 2));
    const folder = path.dirname(input);
    const other = path.join(folder, "other.json");
    writeFileSync(other, "other");
    return { input, folder, other, original: readFileSync(input, "utf8") };
  }

  /** The mode of what is at `target` (links not followed), or undefined when nothing can be there. */
  const entryMode = (target: string): number | undefined => {
    try {
      return lstatSync(target).mode;
    } catch {
      return undefined;
    }
  };

  const commandLine = (command: "export" | "convert", input: string, target: string): string[] =>
    command === "export"
      ? ["export", input, "--output", target]
      : ["convert", input, "--to", "openai-chat", "--output", target];

  it("refuses each unsafe target with exit 1 naming it, and touches nothing (generated)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...(Object.keys(refusedKinds) as RefusedKind[])),
        fc.constantFrom("export" as const, "convert" as const),
        outputName,
        async (kind, command, name) => {
          const { input, folder, other, original } = setUp();
          const targets: Record<RefusedKind, () => string> = {
            "the input itself": () => input,
            "a hard link to the input": () => {
              linkSync(input, path.join(folder, name));
              return path.join(folder, name);
            },
            "a link to another file": () => {
              symlinkSync(other, path.join(folder, name));
              return path.join(folder, name);
            },
            "a broken link": () => {
              symlinkSync(path.join(folder, "nowhere"), path.join(folder, name));
              return path.join(folder, name);
            },
            "a path through a file": () => path.join(other, name),
            "a name too long": () => path.join(folder, name.repeat(Math.ceil(256 / name.length) + 1)),
            "a missing folder": () => path.join(folder, "missing", name),
          };
          const target = targets[kind]();
          const before = readdirSync(folder).sort();
          const entryBefore = entryMode(target);
          const outcome = await runCommand(commandLine(command, input, target));
          expectRefusal(outcome, ["cannot write "]);
          expect(outcome.stderr).toMatch(refusedKinds[kind]);
          expect(hasControlCharacter(outcome.stderr + outcome.stdout)).toBe(false);
          expect(readFileSync(input, "utf8")).toBe(original);
          expect(readFileSync(other, "utf8")).toBe("other");
          expect(readdirSync(folder).sort()).toEqual(before);
          expect(entryMode(target)).toBe(entryBefore);
        },
      ),
    );
  });

  it("writes a new file whole with mode 0600, and replaces an existing one keeping its mode (generated)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("export" as const, "convert" as const),
        outputName,
        fc.option(fc.integer({ min: 0o400, max: 0o777 })),
        async (command, name, existingMode) => {
          const { input, folder } = setUp();
          const target = path.join(folder, name);
          if (existingMode !== null) {
            writeFileSync(target, "old");
            chmodSync(target, existingMode);
          }
          const outcome = await runCommand(commandLine(command, input, target));
          expect(outcome.code).toBe(0);
          expect(hasControlCharacter(outcome.stderr + outcome.stdout)).toBe(false);
          expect(JSON.parse(readFileSync(target, "utf8"))).toBeTypeOf("object");
          expect(statSync(target).mode & 0o777).toBe(existingMode ?? 0o600);
          expect(readdirSync(folder).sort()).toEqual([name, "input.json", "other.json"].sort());
        },
      ),
    );
  });
});

describe("hostile input through the built binary", () => {
  const binary = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "bin", "agent-transcript.js");

  beforeAll(() => {
    // The binary rebuilds itself when the sources are newer than its build: do that once, outside the timed tests.
    const built = spawnSync(process.execPath, [binary, "--version"], { encoding: "utf8" });
    if (built.status !== 0) throw new Error(`the binary did not start: ${built.stderr}`);
  });
  // Reports the process's peak resident memory on exit: what a bomb would drive up.
  const reportPeakMemory =
    "data:text/javascript,process.on('exit',()=>process.stderr.write('peak-rss-kib='+process.resourceUsage().maxRSS+'\\n'))";

  function runBinary(args: string[], input: Uint8Array | string): Outcome & { peakMebibytes: number } {
    const result = spawnSync(process.execPath, ["--import", reportPeakMemory, binary, ...args], {
      input,
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, NO_COLOR: "1" },
    });
    const peak = /peak-rss-kib=(\d+)/.exec(result.stderr);
    return {
      code: result.status ?? -1,
      stdout: result.stdout,
      stderr: result.stderr,
      peakMebibytes: peak ? Number(peak[1]) / 1024 : Number.NaN,
    };
  }

  it("reads gzip and a byte order mark on stdin, and refuses invalid UTF-8 there by its byte offset", () => {
    const text = documentText(undefined, 2);
    expect(runBinary(["validate", "-"], gzipSync(text)).code).toBe(0);
    expect(runBinary(["convert", "-", "--to", "gemini"], gzipSync(`\uFEFF${text}`)).code).toBe(0);
    const broken = runBinary(
      ["export", "-"],
      Buffer.concat([Buffer.from(text.slice(0, 30)), Buffer.from([0xfe]), Buffer.from(text.slice(30))]),
    );
    expectRefusal(broken, ["<stdin>", "not valid UTF-8 at byte 30"]);
  });

  it("refuses a 1 GiB gzip bomb on stdin and as a file as soon as it crosses the limit, with memory near the limit", () => {
    const bomb = gzipByteBomb(1024);
    const file = scratchFile("bomb.json.gz", bomb);
    const limitMebibytes = 64;
    for (const [args, input] of [
      [["validate", "-"], bomb],
      [["convert", file, "--to", "anthropic"], ""],
    ] as const) {
      const outcome = runBinary([...args, "--max-decompressed-size", `${limitMebibytes}MiB`], input);
      expectRefusal(outcome, ["decompresses to more than the limit of 64 MiB", "--max-decompressed-size"]);
      // Node itself and the modules take about 70 MiB, zlib a few more; all of the bomb would be 1,024 (the old gunzipSync held twice that).
      expect(outcome.peakMebibytes).toBeLessThan(limitMebibytes + 120);
    }
  });

  it("stops reading stdin at --max-input-size", () => {
    const outcome = runBinary(["validate", "-", "--max-input-size", "1MiB"], Buffer.alloc(8 * 1024 * 1024, 0x20));
    expectRefusal(outcome, ["<stdin>", "larger than the input limit of 1 MiB", "--max-input-size"]);
  });
});

describe("the streamed gunzip", () => {
  it("consumes only a few chunks of a 4 GiB bomb before refusing it at a 16 MiB limit", async () => {
    const member = gzipSync(Buffer.alloc(1024 * 1024));
    let consumed = 0;
    const output = captureIo();
    output.io.stdin = async function* () {
      for (let index = 0; index < 4096; index += 1) {
        consumed += member.length;
        yield member;
      }
    };
    const code = await run(["validate", "-", "--max-decompressed-size", "16MiB"], output.io);
    expect(code).toBe(1);
    expect(output.stderr()).toContain("decompresses to more than the limit of 16 MiB");
    // 16 MiB of output is 16 members; reading ahead is bounded by the streams' buffers, each holding up to the default
    // high-water mark (16 KiB on Node 20, 64 KiB from Node 22): a few of those, not the 4 MiB of the whole bomb.
    expect(consumed).toBeLessThan(16 * member.length + 4 * getDefaultHighWaterMark(false));
  });
});

describe("hostile files through the built binary: bombs at the default limit, tiny lines, special files", () => {
  const binary = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "bin", "agent-transcript.js");
  const defaultLimitMebibytes = 256;

  beforeAll(() => {
    // The binary rebuilds itself when the sources are newer than its build: do that once, outside the timed tests.
    const built = spawnSync(process.execPath, [binary, "--version"], { encoding: "utf8" });
    if (built.status !== 0) throw new Error(`the binary did not start: ${built.stderr}`);
  });

  /** The command in a child process, killed after `timeoutMs`: a hang fails the test instead of stopping the suite. */
  const runGuarded = (args: string[], timeoutMs = 60_000, input?: string) =>
    runNodeChild(binary, args, { timeoutMs, ...(input === undefined ? {} : { input }) });

  /** Exited as a refusal should, by itself (not killed), with a message naming each of `where`. */
  function expectGuardedRefusal(outcome: Awaited<ReturnType<typeof runGuarded>>, where: readonly string[]): void {
    expect(outcome.timedOut, "killed by the guard: it hung").toBe(false);
    expectRefusal({ code: outcome.code ?? -1, stdout: outcome.stdout, stderr: outcome.stderr }, where);
  }

  const bombs: Array<[string, () => Buffer]> = [
    ["Zstandard: 4 GiB of one byte in 128 KiB", () => zstdByteBomb(4096)],
    ["Zstandard: 4 GiB of one 128 KiB JSON line in 512 KiB", () => zstdJsonLineBomb(4096)],
    ["gzip: 2 GiB of zeros in 2 MiB", () => gzipByteBomb(2048)],
    ["gzip: 2 GiB of one 1 KiB JSON line in 2 MiB", () => gzipLineBomb(2048, `{"n":"${"x".repeat(1016)}"}\n`)],
  ];

  it.each(bombs)(
    "%s: export, stats and import refuse it at 256 MiB naming the file, with memory under twice the limit",
    async (_name, bomb) => {
      const file = scratchFile("rollout-bomb.jsonl.zst", bomb());
      const target = path.join(path.dirname(file), "out.json");
      for (const args of [
        ["export", file, "--output", target],
        ["stats", file],
        ["import", file, "--format", "codex", "--output", target],
      ]) {
        const outcome = await runGuarded(args);
        expectGuardedRefusal(outcome, [
          file,
          "decompresses to more than the limit of 256 MiB",
          "--max-decompressed-size",
        ]);
        expect(outcome.peakMebibytes, args[0]).toBeLessThan(2 * defaultLimitMebibytes);
        expect(existsSync(target)).toBe(false);
      }
    },
    240_000,
  );

  it("sessions lists a Zstandard bomb planted among Codex's rollouts as a warning naming it and the limit, with memory under twice the limit", async () => {
    const root = path.join(scratch, "home-with-bomb");
    const day = path.join(root, ".codex", "sessions", "2026", "01", "01");
    mkdirSync(day, { recursive: true });
    const bomb = path.join(day, "rollout-2026-01-01T00-00-00-0000.jsonl.zst");
    writeFileSync(bomb, zstdJsonLineBomb(4096));
    const outcome = await runGuarded(["sessions", "--root", root, "--json"]);
    expect(outcome.timedOut).toBe(false);
    expect(outcome.code).toBe(0);
    const report = JSON.parse(outcome.stdout) as {
      sessions: unknown[];
      warnings: Array<{ path: string; message: string }>;
    };
    expect(report.sessions).toEqual([]);
    expect(report.warnings).toEqual([
      {
        path: bomb,
        message: `cannot be read as a codex session: ${bomb} decompresses to more than the limit of 256 MiB (maxBytes)`,
      },
    ]);
    expect(outcome.peakMebibytes).toBeLessThan(2 * defaultLimitMebibytes);
  }, 120_000);

  it("refuses a Zstandard frame asking for a 1.5 GiB window, and one whose tiny blocks would take hours, naming the file", async () => {
    const window = scratchFile("window.jsonl.zst", zstdHugeWindow(1536 * 1024 * 1024));
    const windowOutcome = await runGuarded(["export", window]);
    expectGuardedRefusal(windowOutcome, [window, "asks for a 1536 MiB window, more than the 128 MiB allowed"]);
    expect(windowOutcome.peakMebibytes).toBeLessThan(defaultLimitMebibytes);
    // 262,144 blocks of one byte, each moving an 8 MiB window: 2 TiB of copying without the bound on work.
    const work = scratchFile("work.jsonl.zst", zstdTinyBlocks(262_144, 8 * 1024 * 1024));
    const workOutcome = await runGuarded(["export", work, "--max-decompressed-size", "1MiB"]);
    expectGuardedRefusal(workOutcome, [work, "takes more work than allowed"]);
  }, 180_000);

  it("refuses 1.2 million three-byte lines (3.6 MB) at the default limit by their count, before importing any", async () => {
    const file = scratchFile("rollout-tiny.jsonl", "{}\n".repeat(1_200_000));
    for (const args of [
      ["import", file, "--format", "codex"],
      ["export", file],
    ]) {
      const outcome = await runGuarded(args);
      expectGuardedRefusal(outcome, [
        file,
        "its 1,200,000 lines count as more than the limit of 256 MiB (268435456 bytes), each line at least 256 bytes",
        "--max-input-size",
      ]);
      // Node and the modules hold 70 to 110 MiB before reading; parsing the lines would add hundreds.
      expect(outcome.peakMebibytes, args[0]).toBeLessThan(160);
    }
  }, 120_000);

  it("holds tiny records to a lowered limit by their count: a real rollout fits, its records repeated do not", async () => {
    const real = readFileSync(
      path.join(realFixturesRoot(), "agtrace/crates/agtrace-providers/tests/samples/codex_session.jsonl"),
    );
    const limit = String(2 * real.length);
    const fits = scratchFile("rollout-fits.jsonl", real);
    expect((await runGuarded(["import", fits, "--max-input-size", limit, "--output", `${fits}.json`])).code).toBe(0);
    const tiny = '{"type":"response_item","payload":{"type":"message","role":"user","content":[]}}\n';
    const many = scratchFile(
      "rollout-many.jsonl",
      Buffer.concat([real, Buffer.from(tiny.repeat(Math.ceil(real.length / 256) + 1))]),
    );
    expectGuardedRefusal(await runGuarded(["import", many, "--max-input-size", limit]), [
      many,
      "lines count as more than the limit of",
      "each line at least 256 bytes",
    ]);
  }, 120_000);

  it("counts a pretty-printed session by its bytes only: a real Gemini CLI .json session imports within twice its size", async () => {
    const real = readFileSync(
      path.join(realFixturesRoot(), "agtrace/crates/agtrace-providers/tests/samples/gemini_session.json"),
    );
    const file = scratchFile("session-2026-01-01.json", real);
    const outcome = await runGuarded([
      "import",
      file,
      "--max-input-size",
      String(2 * real.length),
      "--output",
      `${file}.out`,
    ]);
    expect(outcome.stderr).not.toContain("lines count as more than the limit");
    expect(outcome.code).toBe(0);
  });

  it("exports an event log whose child log is a FIFO, warning that it is one instead of waiting for a writer", async () => {
    const folder = mkdtempSync(path.join(scratch, "fifo-child-"));
    const parentId = "550e8400-e29b-41d4-a716-446655440000";
    const childId = "7c9e6679-7425-40de-944b-e07fc1f90ae7";
    const event = (seq: number, type: string, payload: unknown, extra: Record<string, unknown> = {}) =>
      JSON.stringify({
        seq,
        run_id: parentId,
        ...extra,
        type,
        path: "",
        iteration: 0,
        timestamp: `2026-06-08T08:14:4${seq}Z`,
        payload,
      });
    const log = path.join(folder, `${parentId}.jsonl`);
    writeFileSync(
      log,
      [
        event(1, "run.started", { schema_version: "1.0.0", name: "review", kind: "workflow" }),
        event(2, "step.call_workflow.started", { name: "fix", kind: "call_workflow" }, { child_run_id: childId }),
        event(3, "run.completed", { name: "review", kind: "workflow" }),
      ].join("\n") + "\n",
    );
    const fifo = path.join(folder, `${childId}.jsonl`);
    makeFifo(fifo);
    const outcome = await runGuarded(["export", log, "--output", path.join(folder, "out.json")], 30_000);
    expect(outcome.timedOut, "killed by the guard: it waited on the FIFO").toBe(false);
    expect(outcome.code).toBe(0);
    expect(outcome.stderr).toContain(
      `child run ${childId}: ${fifo}: cannot read: is a FIFO (named pipe), not a regular file; not embedded`,
    );
  });

  it("reads a FIFO named as the input as a stream, as standard input is, and one with no writer as empty, never waiting", async () => {
    const folder = mkdtempSync(path.join(scratch, "fifo-input-"));
    const fifo = path.join(folder, "input.json");
    makeFifo(fifo);
    // No writer ever: refused at once as an empty input, naming it.
    expectGuardedRefusal(await runGuarded(["export", fifo], 30_000), [fifo]);
    // A shell's <(…) is a pipe named /dev/fd/N: read whole, within the limits.
    const document = scratchFile("document.json", documentText(undefined, 2));
    const substituted = spawnSync(
      "bash",
      ["-c", `"${process.execPath}" "${binary}" export <(cat "${document}") --format markdown`],
      { encoding: "utf8", timeout: 60_000 },
    );
    expect(substituted.stderr).toBe("");
    expect(substituted.status).toBe(0);
    expect(substituted.stdout).toContain("look it up");
  }, 120_000);

  it("streams an event log from a shell's <(…) through the queries", async () => {
    const log = path.join(scratch, "queries-log.jsonl");
    writeLargeEventLog(log, 256 * 1024);
    const fromFile = spawnSync(process.execPath, [binary, "tools", log, "--json"], {
      encoding: "utf8",
      timeout: 60_000,
    });
    const fromPipe = spawnSync("bash", ["-c", `"${process.execPath}" "${binary}" tools <(cat "${log}") --json`], {
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(fromPipe.stderr).toBe("");
    expect(fromPipe.status).toBe(0);
    expect(fromPipe.stdout).toBe(fromFile.stdout);
  }, 120_000);

  it("refuses a character device named as the input (/dev/zero would be read to the limit) in every reader", async () => {
    for (const command of [["export"], ["stats"], ["import", "--format", "codex"], ["tools"]]) {
      const [name, ...rest] = command as [string, ...string[]];
      const outcome = await runGuarded([name, "/dev/zero", ...rest], 30_000);
      expectGuardedRefusal(outcome, ["/dev/zero", "is a character device"]);
      expect(outcome.peakMebibytes, name).toBeLessThan(defaultLimitMebibytes);
    }
  }, 120_000);
});
