/**
 * The output layer on the file system as it is: regular files new and replaced, links, FIFOs, devices, sockets,
 * folders, names at the length limit, paths through a file, the input as its own output, failures part-way and
 * signals part-way. Each case checks what is on disk afterwards, not only what was said.
 */
import { spawn, spawnSync } from "node:child_process";
import {
  chmodSync,
  createReadStream,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { createServer, type Server } from "node:net";
import { constants, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import { repositoryRoot } from "@agent-transcript/fixtures/paths";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { captureIo } from "./capture-io.test.helpers.js";
import {
  maximumNameBytes,
  OutputError,
  planFileIn,
  planOutput,
  temporaryName,
  writeOutput,
  type OutputPlan,
} from "./output.js";

const scratch = mkdtempSync(path.join(tmpdir(), "cli-output-"));
let folderCount = 0;
/** A fresh, empty folder per case, so that "nothing else was left here" can be checked exactly. */
function freshFolder(): string {
  folderCount += 1;
  const folder = path.join(scratch, String(folderCount));
  mkdirSync(folder);
  return folder;
}

const plan = (output: string | undefined, inputs: readonly string[] = []): Promise<OutputPlan> =>
  planOutput({ output, inputs, directory: "refuse" });

async function write(output: string, pieces: Iterable<string>, inputs: readonly string[] = []): Promise<void> {
  await writeOutput(await plan(output, inputs), captureIo().io, pieces, inputs);
}

/** The refusal an OutputError carries, or a failure of the test when there is none. */
async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(OutputError);
  return (error as OutputError).message;
}

const mode = (file: string): number => statSync(file).mode & 0o777;

describe("regular files", () => {
  it("writes a new file whole with mode 0600, leaving nothing else beside it", async () => {
    const folder = freshFolder();
    const target = path.join(folder, "out.json");
    await write(target, ["{", '"a"', ":", "1", "}\n"]);
    expect(readFileSync(target, "utf8")).toBe('{"a":1}\n');
    expect(mode(target)).toBe(0o600);
    expect(readdirSync(folder)).toEqual(["out.json"]);
  });

  it("replaces an existing file keeping its mode, whatever the mode (generated)", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0o400, max: 0o777 }), fc.string({ maxLength: 200 }), async (bits, text) => {
        const folder = freshFolder();
        const target = path.join(folder, "kept.json");
        writeFileSync(target, "old");
        chmodSync(target, bits);
        await write(target, [text]);
        expect(readFileSync(target, "utf8")).toBe(text);
        expect(mode(target)).toBe(bits);
        expect(readdirSync(folder)).toEqual(["kept.json"]);
      }),
    );
  });

  it("gzips a target whose name ends in .gz, as a stream", async () => {
    const target = path.join(freshFolder(), "out.json.gz");
    const pieces = Array.from({ length: 500 }, (_, index) => `line ${index}\n`);
    await write(target, pieces);
    expect(gunzipSync(readFileSync(target)).toString("utf8")).toBe(pieces.join(""));
  });

  it("leaves the target as it was and no temporary file when producing the output fails part-way", async () => {
    const folder = freshFolder();
    const target = path.join(folder, "out.json");
    writeFileSync(target, "before");
    function* failing(): Generator<string> {
      yield "x".repeat(1024 * 1024);
      throw new Error("the producer broke");
    }
    await expect(write(target, failing())).rejects.toThrow("the producer broke");
    expect(readFileSync(target, "utf8")).toBe("before");
    expect(readdirSync(folder)).toEqual(["out.json"]);
  });

  it("writes a name of exactly 255 bytes (its temporary name falls back to a short one) and refuses 256", async () => {
    const folder = freshFolder();
    const longest = path.join(folder, `${"é".repeat(125)}.json`.padEnd(maximumNameBytes - 125, "x"));
    expect(Buffer.byteLength(path.basename(longest))).toBe(maximumNameBytes);
    expect(Buffer.byteLength(path.basename(temporaryName(longest)))).toBeLessThanOrEqual(maximumNameBytes);
    await write(longest, ["ok"]);
    expect(readFileSync(longest, "utf8")).toBe("ok");
    const tooLong = `${longest}y`;
    expect(await refusal(write(tooLong, ["no"]))).toMatch(/longer than the file system allows \(255 bytes\)/);
    expect(readdirSync(folder)).toEqual([path.basename(longest)]);
  });

  it("keeps temporary names within the limit for every target name (generated)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", minLength: 1, maxLength: 300 }), (name) => {
        const base = path.basename(temporaryName(path.join("/some/folder", name.replaceAll("/", "_"))));
        expect(Buffer.byteLength(base)).toBeLessThanOrEqual(maximumNameBytes);
        expect(base.startsWith(".")).toBe(true);
        expect(base.endsWith(".partial")).toBe(true);
      }),
    );
  });
});

describe("paths that are not a writable file", () => {
  it("refuses a path through a file (file.json/x), naming the file", async () => {
    const folder = freshFolder();
    const file = path.join(folder, "file.json");
    writeFileSync(file, "keep");
    expect(await refusal(plan(path.join(file, "x")))).toBe(`cannot write ${file}/x: ${file} is not a folder`);
    expect(await refusal(plan(path.join(file, "deeper", "x")))).toContain(`${file} is not a folder`);
    expect(await refusal(plan(`${file}/`))).toContain(`${file} is not a folder`);
    expect(readFileSync(file, "utf8")).toBe("keep");
  });

  it("refuses a missing folder, naming it", async () => {
    const missing = path.join(freshFolder(), "no", "such");
    expect(await refusal(plan(path.join(missing, "out.json")))).toContain("does not exist");
    expect(existsSync(missing)).toBe(false);
  });

  it("refuses a symbolic link to a file and a broken link, leaving both links and the file alone", async () => {
    const folder = freshFolder();
    const real = path.join(folder, "real.json");
    writeFileSync(real, "real");
    const link = path.join(folder, "link.json");
    symlinkSync(real, link);
    expect(await refusal(plan(link))).toMatch(/it is a symbolic link to a regular file; .*refused/);
    const broken = path.join(folder, "broken.json");
    symlinkSync(path.join(folder, "nowhere.json"), broken);
    expect(await refusal(plan(broken))).toContain("a symbolic link to nothing");
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(lstatSync(broken).isSymbolicLink()).toBe(true);
    expect(readFileSync(real, "utf8")).toBe("real");
    expect(existsSync(path.join(folder, "nowhere.json"))).toBe(false);
  });

  it("refuses a folder for a command that writes one named file, and names a file inside it for one that generates names", async () => {
    const folder = freshFolder();
    expect(await refusal(plan(folder))).toContain("it is a folder");
    const generated = await planOutput({ output: folder, inputs: [], directory: "generated-name" });
    expect(generated).toEqual({ kind: "directory", path: folder });
    const inside = await planFileIn(generated as Extract<OutputPlan, { kind: "directory" }>, "named.json", []);
    await writeOutput(inside, captureIo().io, ["inside"]);
    expect(readFileSync(path.join(folder, "named.json"), "utf8")).toBe("inside");
  });

  it("refuses a socket, naming what it is", async () => {
    const socket = path.join(freshFolder(), "s.sock");
    const server: Server = createServer();
    await new Promise<void>((resolve) => server.listen(socket, resolve));
    try {
      expect(await refusal(plan(socket))).toContain("it is a socket");
      expect(lstatSync(socket).isSocket()).toBe(true);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("refuses a NUL in the path and an empty path", async () => {
    expect(await refusal(plan("out\u0000.json"))).toContain("NUL");
    await expect(plan("")).rejects.toThrow("--output needs a path");
  });
});

describe("the input as its own output", () => {
  it("refuses the same file by any name: itself, another spelling, a hard link; the input stays whole", async () => {
    const folder = freshFolder();
    const input = path.join(folder, "run.json");
    writeFileSync(input, "precious");
    const hardLink = path.join(folder, "also-run.json");
    linkSync(input, hardLink);
    for (const output of [input, path.join(folder, ".", "run.json"), path.relative(process.cwd(), input), hardLink])
      expect(await refusal(plan(output, [input]))).toMatch(/it is the input .*would destroy what is being read/);
    expect(readFileSync(input, "utf8")).toBe("precious");
    expect(readdirSync(folder).sort()).toEqual(["also-run.json", "run.json"]);
  });

  it("checks again at write time, for inputs found while reading (an event log's child runs)", async () => {
    const folder = freshFolder();
    const child = path.join(folder, "child.jsonl");
    writeFileSync(child, "child");
    const planned = await plan(child, []);
    expect(await refusal(writeOutput(planned, captureIo().io, ["overwritten"], [child]))).toContain("is the input");
    expect(readFileSync(child, "utf8")).toBe("child");
  });
});

describe("streams: FIFOs and character devices", () => {
  it("writes into a FIFO as a stream, leaving the FIFO in place", async () => {
    const fifo = path.join(freshFolder(), "pipe");
    expect(spawnSync("mkfifo", [fifo]).status).toBe(0);
    const planned = await plan(fifo);
    expect(planned).toEqual({ kind: "stream", path: fifo });
    const received: Buffer[] = [];
    const reading = new Promise<void>((resolve, reject) => {
      const stream = createReadStream(fifo);
      stream.on("data", (chunk) => received.push(chunk as Buffer));
      stream.on("end", resolve);
      stream.on("error", reject);
    });
    const pieces = Array.from({ length: 200 }, (_, index) => `${"y".repeat(1000)}${index}\n`);
    await writeOutput(planned, captureIo().io, pieces);
    await reading;
    expect(Buffer.concat(received).toString("utf8")).toBe(pieces.join(""));
    expect(lstatSync(fifo).isFIFO()).toBe(true);
  });

  it("writes to /dev/null without replacing it", async () => {
    expect(await plan("/dev/null")).toEqual({ kind: "stream", path: "/dev/null" });
    await write("/dev/null", ["discarded"]);
    expect(statSync("/dev/null").isCharacterDevice()).toBe(true);
  });
});

describe("signals part-way through a write", () => {
  const outputModule = path.join(path.dirname(fileURLToPath(import.meta.url)), "output.ts");

  /** A child that writes an endless output to `target`, prints `started` once its temporary file exists. */
  function slowWriter(target: string): ReturnType<typeof spawn> {
    const script = `
      import { planOutput, writeOutput } from ${JSON.stringify(outputModule)};
      const io = { stdout: () => true, stderr: () => true, stdin: async function* () {}, color: false, stdoutIsTerminal: false };
      const planned = await planOutput({ output: ${JSON.stringify(target)}, inputs: [], directory: "refuse" });
      let announced = false;
      function* endless() {
        for (;;) {
          yield "z".repeat(65536);
          if (!announced) { announced = true; process.stdout.write("started\\n"); }
        }
      }
      await writeOutput(planned, io, endless());
    `;
    // One process (node with tsx's loader), so the signal reaches the writer itself and not a wrapper.
    return spawn(process.execPath, ["--import", "tsx", "--input-type=module", "--eval", script], {
      cwd: repositoryRoot,
      stdio: ["ignore", "pipe", "pipe"],
    });
  }

  it.each([
    ["SIGINT", 130],
    ["SIGTERM", 143],
    ["SIGHUP", 129],
  ] as const)(
    "%s removes the temporary file and ends the process by the signal (a shell reports %i)",
    async (signal, shellStatus) => {
      expect(128 + constants.signals[signal]).toBe(shellStatus);
      const folder = freshFolder();
      const target = path.join(folder, "interrupted.json");
      writeFileSync(target, "previous");
      const child = slowWriter(target);
      let errors = "";
      child.stderr?.on("data", (chunk: Buffer) => (errors += chunk.toString("utf8")));
      await new Promise<void>((resolve, reject) => {
        child.stdout?.on("data", (chunk: Buffer) => {
          if (chunk.toString("utf8").includes("started")) resolve();
        });
        child.on("exit", () => reject(new Error(`the writer ended before it started: ${errors}`)));
      });
      expect(readdirSync(folder).filter((name) => name.endsWith(".partial"))).toHaveLength(1);
      const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
        child.on("exit", (code, endedBy) => resolve({ code, signal: endedBy })),
      );
      child.kill(signal);
      // Killed by the signal itself (the shell's 128 + n), not an exit code of ours.
      expect(await ended).toEqual({ code: null, signal });
      expect(readdirSync(folder)).toEqual(["interrupted.json"]);
      expect(readFileSync(target, "utf8")).toBe("previous");
    },
  );
});

afterAll(() => {
  spawnSync("rm", ["-rf", scratch]);
});
