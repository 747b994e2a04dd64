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

// A shell that has not answered after this long hangs: on a quiet machine each answers in well under a second, at a
// load of 6 on 2 cores in seconds. The tests run several shells each, and have room for a few at the ceiling.
const shellCeilingMs = 300_000;
const shellTestTimeoutMs = 3 * shellCeilingMs;

function shellOutput(name: string, args: string[]): string {
  const shell = systemCommand(name);
  const result = spawnSync(shell.command, args, { env: shell.env, encoding: "utf8", timeout: shellCeilingMs });
  if (result.status !== 0)
    throw new Error(
      `${name} failed (${result.status ?? result.signal}): ${result.error?.message ?? ""}${result.stderr}`,
    );
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

describe("bash completion", { timeout: shellTestTimeoutMs }, () => {
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

describe("zsh completion", { timeout: shellTestTimeoutMs }, () => {
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

describe("zsh completion, autoloaded", { timeout: shellTestTimeoutMs }, () => {
  it("completes a command in an interactive zsh (zpty), found in $fpath by compinit", () => {
    const functions = path.join(folder, "zsh-functions");
    mkdirSync(functions);
    copyFileSync(scripts.zsh as string, path.join(functions, "_agent-transcript"));
    // What is typed: the start of a command, a tab, then ^X b, bound to a widget that prints zle's line buffer
    // between markers. Keys are handled in order, so the buffer printed is the line as the tab's completion left
    // it, whenever the shell gets to it and however it redraws the line: the test waits for that report, not for a
    // redraw of a given shape nor for a time.
    const typed = String.raw`agent-transcript ex\t\C-xb`;
    const output = shellOutput("zsh", [
      "-f",
      "-c",
      [
        "zmodload zsh/zpty zsh/zselect zsh/datetime",
        // Reads the terminal until its output holds $1, waking as output arrives (zselect on the terminal's
        // descriptor, a second at most between looks at the clock); gives up only after 4 minutes, a hang and not
        // a slow machine, saying what it saw.
        "deadline=$(( EPOCHSECONDS + 240 ))",
        "until_seen() { local chunk; while [[ $out != *$1* ]]; do",
        '  (( EPOCHSECONDS <= deadline )) || { print -u2 -r -- "no $1 after 240 s in: ${(q+)out}"; exit 1; }',
        "  if zpty -r -t z chunk; then out+=$chunk; else zselect -t 100 -r $terminal; fi; done; }",
        'out=""',
        'zpty z "zsh -f -i"',
        "terminal=$REPLY",
        // The markers are written split in two, so that the terminal's echo of what is typed never holds them.
        `zpty -w z "fpath=(${functions} \\$fpath); autoload -U compinit; compinit -u -D; agent-transcript() { :; }; ${String.raw`show-buffer() { print -rn -- \"<buf\"\"fer:\$BUFFER:buf\"\"fer>\"; }`}; zle -N show-buffer; bindkey '^Xb' show-buffer; print RE''ADY"`,
        "until_seen READY",
        'out=""',
        `zpty -w -n z $'${typed}'`,
        'until_seen "<buffer:"',
        'until_seen ":buffer>"',
        "zpty -d z",
        "print -r -- $out",
      ].join("\n"),
    ]);
    // zle's line after the tab: the command completed, with the space completion adds.
    expect(/<buffer:(.*?):buffer>/s.exec(output)?.[1]).toBe("agent-transcript export ");
  });
});

describe("fish completion", { timeout: shellTestTimeoutMs }, () => {
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
