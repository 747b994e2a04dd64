// The completion scripts, run through their real shells: bash with COMP_WORDS / COMP_CWORD set as readline sets them,
// zsh with `compadd` and `_files` stubbed (they only work inside a completion widget), fish through `complete -C`.
// Each must offer the commands, the options of the command typed, and the format ids from the providers' registry.
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { formatIds } from "@agent-transcript/providers";
import { systemCommand } from "@agent-transcript/setup";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { captureIo } from "../../capture-io.test.helpers.js";
import { run } from "../../cli.js";
import { convertTargetFormatIds } from "../../format-choices.js";

let folder: string;
const scripts: Record<string, string> = {};

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), "completion-"));
  for (const shell of ["bash", "zsh", "fish"]) {
    const io = captureIo();
    if ((await run(["completion", shell], io.io)) !== 0) throw new Error(`completion ${shell}: ${io.stderr()}`);
    scripts[shell] = path.join(folder, `agent-transcript.${shell}`);
    writeFileSync(scripts[shell], io.stdout());
  }
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function shellOutput(name: string, args: string[]): string {
  const shell = systemCommand(name);
  const result = spawnSync(shell.command, args, { env: shell.env, encoding: "utf8", timeout: 30_000 });
  if (result.status !== 0) throw new Error(`${name} failed (${result.status}): ${result.stderr}`);
  return result.stdout;
}

/** What bash offers for the words typed, the cursor in the last one. */
function bashOffers(words: string[]): string[] {
  const quotedWords = words.map((word) => `'${word}'`).join(" ");
  const output = shellOutput("bash", [
    "--norc",
    "-c",
    `source '${scripts.bash}'; COMP_WORDS=(${quotedWords}); COMP_CWORD=${words.length - 1}; _agent_transcript; printf '%s\\n' "\${COMPREPLY[@]}"`,
  ]);
  return output.split("\n").filter((line) => line !== "");
}

/** What zsh offers: compadd's candidates as zsh would match them against the word under the cursor. */
function zshOffers(words: string[]): string[] {
  const quotedWords = words.map((word) => `'${word}'`).join(" ");
  const output = shellOutput("zsh", [
    "-f",
    "-c",
    [
      // compadd matches its candidates against the word typed; the stub does the same, and prints what matches.
      'compadd() { while [[ $1 == -* && $1 != -- ]]; do shift; done; [[ $1 == -- ]] && shift; local c; for c in "$@"; do [[ $c == ${words[CURRENT]}* ]] && print -r -- $c; done; }',
      "_files() { print -r -- '(files)'; }",
      `source '${scripts.zsh}'`,
      `words=(${quotedWords}); CURRENT=${words.length}`,
      "_agent_transcript",
    ].join("; "),
  ]);
  return output.split("\n").filter((line) => line !== "");
}

/** What fish offers for the command line typed (the candidates, without their descriptions). */
function fishOffers(line: string): string[] {
  const output = shellOutput("fish", ["--no-config", "-c", `source '${scripts.fish}'; complete -C '${line}'`]);
  return output
    .split("\n")
    .filter((entry) => entry !== "")
    .map((entry) => entry.split("\t")[0] as string);
}

describe("bash completion", () => {
  it("offers the commands that start with what was typed", () => {
    expect(bashOffers(["agent-transcript", "ex"])).toEqual(["export"]);
    expect(bashOffers(["agent-transcript", "s"])).toEqual(["sessions", "stats", "search", "snapshot", "schema"]);
  });

  it("offers a command's options, and the format ids --to and --format take", () => {
    expect(bashOffers(["agent-transcript", "export", "--fo"])).toEqual(["--format"]);
    expect(bashOffers(["agent-transcript", "export", "run.jsonl", "--format", ""])).toEqual(
      expect.arrayContaining(["json", "markdown", "jsonl", "atif", "awf-transcript"]),
    );
    expect(bashOffers(["agent-transcript", "convert", "x.json", "--to", ""])).toEqual(
      expect.arrayContaining([...convertTargetFormatIds]),
    );
    // An agent's session is read, never written: not offered after --to.
    expect(bashOffers(["agent-transcript", "convert", "x.json", "--to", ""])).not.toContain("claude-code");
    expect(convertTargetFormatIds).toContain("anthropic");
  });

  it("offers subcommands and a fixed argument's values", () => {
    expect(bashOffers(["agent-transcript", "snapshot", ""])).toEqual(["create", "show", "apply"]);
    expect(bashOffers(["agent-transcript", "snapshot", "create", "--no"])).toEqual(["--no-snapshot"]);
    expect(bashOffers(["agent-transcript", "completion", ""])).toEqual(["bash", "zsh", "fish"]);
  });
});

describe("zsh completion", () => {
  it("offers commands, options and format ids", () => {
    expect(zshOffers(["agent-transcript", "ex"])).toEqual(["export"]);
    expect(zshOffers(["agent-transcript", "import", "--format", ""])).toEqual(
      expect.arrayContaining(["claude-code", "codex", "gemini-cli"]),
    );
    expect(zshOffers(["agent-transcript", "tail", "--id"])).toEqual(["--idle"]);
    expect(zshOffers(["agent-transcript", "snapshot", "a"])).toEqual(["apply"]);
  });

  it("offers files where a file goes", () => {
    expect(zshOffers(["agent-transcript", "export", ""])).toEqual(["(files)"]);
    expect(zshOffers(["agent-transcript", "export", "--output", ""])).toEqual(["(files)"]);
  });
});

describe("zsh completion, autoloaded", () => {
  it("completes a command in an interactive zsh (zpty), found in $fpath by compinit", () => {
    const functions = path.join(folder, "zsh-functions");
    mkdirSync(functions);
    copyFileSync(scripts.zsh as string, path.join(functions, "_agent-transcript"));
    const typed = "agent-transcript ex\t";
    const output = shellOutput("zsh", [
      "-f",
      "-c",
      [
        "zmodload zsh/zpty zsh/zselect",
        // Reads the terminal until its output holds $1: polled every 50 ms, given up after 60 s (a hang, not a
        // slow machine), never a fixed wait.
        "until_seen() { local chunk tries=0; while [[ $out != *$1* ]] && (( tries++ < 1200 )); do",
        "  if zpty -r -t z chunk; then out+=$chunk; else zselect -t 5; fi; done; }",
        'out=""',
        'zpty z "zsh -f -i"',
        `zpty -w z "fpath=(${functions} \\$fpath); autoload -U compinit; compinit -u -D; agent-transcript() { :; }; print RE''ADY"`,
        "until_seen READY",
        'out=""',
        `zpty -w -n z $'${typed}'`,
        'until_seen "agent-transcript export"',
        "zpty -d z",
        "print -r -- $out",
      ].join("\n"),
    ]);
    // The line as zsh redrew it after the tab: the command completed, with the space completion adds.
    expect(output).toContain("agent-transcript export");
  });
});

describe("fish completion", () => {
  it("offers commands, options and format ids", () => {
    expect(fishOffers("agent-transcript ex")).toEqual(["export"]);
    expect(fishOffers("agent-transcript convert x.json --from ")).toEqual(
      expect.arrayContaining([...formatIds, "agent-transcript"]),
    );
    expect(fishOffers("agent-transcript stats --js")).toEqual(["--json"]);
    expect(fishOffers("agent-transcript snapshot ").sort()).toEqual(["apply", "create", "show"]);
    expect(fishOffers("agent-transcript completion ").sort()).toEqual(["bash", "fish", "zsh"]);
  });
});
