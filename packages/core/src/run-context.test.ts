import { describe, expect, it } from "vitest";
import type { Tolerant } from "./index.js";
import { firstText, firstUserPrompt, promptText, sessionContext, shownRole } from "./text.js";

const base = { schema_version: "1.0.0", id: "run-1", messages: [] } as unknown as Tolerant.Transcript;

describe("sessionContext", () => {
  it("reads the folder and branch of each agent's session header, in the agent's own words", () => {
    const claude = {
      ...base,
      source: { format: "claude-code" },
      metadata: { "claude-code": { session: { cwd: "/work/app", gitBranch: "main" } } },
    } as unknown as Tolerant.Transcript;
    expect(sessionContext(claude)).toEqual({ cwd: "/work/app", gitBranch: "main", project: "/work/app" });
    const codex = {
      ...base,
      source: { format: "codex" },
      metadata: { codex: { session: { cwd: "/w", git: { branch: "dev" } } } },
    } as unknown as Tolerant.Transcript;
    expect(sessionContext(codex)).toEqual({ cwd: "/w", gitBranch: "dev", project: "/w" });
    const gemini = {
      ...base,
      source: { format: "gemini-cli" },
      metadata: { "gemini-cli": { session: { projectHash: "fb8e24" } } },
    } as unknown as Tolerant.Transcript;
    expect(sessionContext(gemini)).toEqual({ cwd: null, gitBranch: null, project: "fb8e24" });
  });

  it("names nothing for a document of ours, and reads only own keys of what a document holds", () => {
    expect(sessionContext(base)).toEqual({ cwd: null, gitBranch: null, project: null });
    const hostile = JSON.parse(
      '{"schema_version":"1.0.0","id":"x","messages":[],"source":{"format":"__proto__"},"metadata":{}}',
    ) as Tolerant.Transcript;
    expect(sessionContext(hostile)).toEqual({ cwd: null, gitBranch: null, project: null });
    const notStrings = {
      ...base,
      source: { format: "codex" },
      metadata: { codex: { session: { cwd: 42, git: ["main"] } } },
    } as unknown as Tolerant.Transcript;
    expect(sessionContext(notStrings)).toEqual({ cwd: null, gitBranch: null, project: null });
  });
});

describe("firstUserPrompt", () => {
  const message = (role: string, parts: unknown[]) => ({ id: `${role}-${parts.length}`, role, parts });
  it("is the first user text, on one line, passing over tool results and empty texts", () => {
    const document = {
      ...base,
      messages: [
        message("system", [{ type: "text", text: "You are helpful." }]),
        message("user", [{ type: "tool_result", call_id: "c", status: "ok", output: "x" }]),
        message("user", [
          { type: "text", text: "  \n " },
          { type: "text", text: "Fix the\nlogin   bug" },
        ]),
        message("user", [{ type: "text", text: "later" }]),
      ],
    } as unknown as Tolerant.Transcript;
    expect(firstUserPrompt(document)).toBe("Fix the login bug");
  });

  it("is cut with an ellipsis past the length asked, and null without a user text", () => {
    const long = { ...base, messages: [message("user", [{ type: "text", text: "y".repeat(5_000) }])] };
    expect(firstUserPrompt(long as unknown as Tolerant.Transcript, 10)).toBe(`${"y".repeat(9)}…`);
    expect(firstUserPrompt(base)).toBeNull();
  });
});

describe("promptText and firstText", () => {
  it("read a prompt as the user's first text that is not blank, and no prompt from tool results or other roles", () => {
    const result = { type: "tool_result", call_id: "c1", status: "ok", output: "done" };
    const blank = { type: "text", text: " \n" };
    expect(promptText({ role: "user", parts: [blank, { type: "text", text: "Fix it" }] })).toBe("Fix it");
    expect(promptText({ role: "user", parts: [result, { type: "text", text: "and also" }] })).toBe("and also");
    expect(promptText({ role: "user", parts: [result] })).toBeNull();
    expect(promptText({ role: "user", parts: [blank] })).toBeNull();
    expect(promptText({ role: "assistant", parts: [{ type: "text", text: "Done" }] })).toBeNull();
    // The assistant's text is still a message's first text; parts that are no parts are passed over.
    expect(firstText({ parts: [null, 7, { type: "text", text: 3 }, { type: "text", text: "Done" }] })).toBe("Done");
    expect(firstText({ parts: [] })).toBeNull();
  });
});

describe("shownRole", () => {
  it("labels a message of tool results only as the tool's, whatever role its agent gave it", () => {
    const result = { type: "tool_result", call_id: "c1", status: "ok", output: "done" };
    expect(shownRole({ role: "user", parts: [result] })).toBe("tool");
    expect(shownRole({ role: "tool", parts: [result] })).toBe("tool");
    // A result beside the user's own words is the user's message; an empty one keeps its role.
    expect(shownRole({ role: "user", parts: [result, { type: "text", text: "and also" }] })).toBe("user");
    expect(shownRole({ role: "user", parts: [] })).toBe("user");
    expect(shownRole({ role: "assistant", parts: [{ type: "text", text: "hi" }] })).toBe("assistant");
  });
});
