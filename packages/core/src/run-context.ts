/**
 * Where and about what a run was: the folder and branch its agent worked in and the first thing its user asked. The
 * session importers keep what a session's header says under `metadata.<format id>.session`, in the agent's own words
 * (Claude Code's `cwd` and `gitBranch`, Codex's `cwd` and `git.branch`, Gemini CLI's `projectHash`); read here once
 * for every place that shows a run (the viewer's header, the CLI's reports and run index).
 */

import { oneLine } from "./tool-call-summary.js";

/**
 * What these read of a transcript document (a document of any version has it): its source's format, its metadata
 * and its messages' roles and parts.
 */
export interface RunContextDocument {
  source?: { format?: unknown };
  metadata?: unknown;
  messages: ReadonlyArray<{ role: unknown; parts: readonly unknown[] }>;
}

/** A run's folder, branch and project, as its session's header names them (null where it names none). */
export interface SessionContext {
  cwd: string | null;
  gitBranch: string | null;
  /** What the run is grouped under: its folder when known, else the project the agent's layout names. */
  project: string | null;
}

function stringAt(value: unknown, ...keys: string[]): string | null {
  let current = value;
  for (const key of keys) {
    if (typeof current !== "object" || current === null || Array.isArray(current)) return null;
    current = Object.hasOwn(current, key) ? (current as Record<string, unknown>)[key] : undefined;
  }
  return typeof current === "string" && current !== "" ? current : null;
}

/** The folder, branch and project an imported session's header names. */
export function sessionContext(document: RunContextDocument): SessionContext {
  const format = typeof document.source?.format === "string" ? document.source.format : null;
  const metadata = document.metadata as Record<string, unknown> | undefined;
  const session =
    format === null || metadata === undefined || !Object.hasOwn(metadata, format) ? undefined : metadata[format];
  const cwd = stringAt(session, "session", "cwd");
  return {
    cwd,
    gitBranch: stringAt(session, "session", "gitBranch") ?? stringAt(session, "session", "git", "branch"),
    project: cwd ?? stringAt(session, "session", "projectHash"),
  };
}

/**
 * The first thing the user asked: the text of the first user message that holds text (a message of tool results
 * only is the tool's answer, not a prompt), on one line, at most `maxCharacters` long; null when there is none.
 */
export function firstUserPrompt(document: RunContextDocument, maxCharacters = 200): string | null {
  for (const message of document.messages) {
    const prompt = promptText(message);
    if (prompt !== null) return oneLine(prompt, maxCharacters);
  }
  return null;
}

/** A message's first text part that is not blank, or null. */
export function firstText(message: { parts: readonly unknown[] }): string | null {
  for (const part of message.parts as ReadonlyArray<{ type?: unknown; text?: unknown } | null>) {
    if (part?.type !== "text" || typeof part.text !== "string") continue;
    if (part.text.trim() !== "") return part.text;
  }
  return null;
}

/**
 * The prompt a message is, or null: the text of a user's message that holds text (a message of tool results only is
 * the tool's answer). A turn opens at each prompt (the glossary's turn): the viewer's compare mode and flame graph
 * read turns by it, and a run's first prompt is the first of them.
 */
export function promptText(message: { role: unknown; parts: readonly unknown[] }): string | null {
  return shownRole(message) === "user" ? firstText(message) : null;
}

/**
 * What a message is, as a reader is shown it: its role, except that a message holding nothing but tool results is the
 * tool's, whatever role its format gives it (Claude Code sends results as the user's, Codex and Gemini CLI as the
 * tool's), so every agent's results are labelled alike.
 */
export function shownRole(message: { role: unknown; parts: readonly unknown[] }): string {
  const role = typeof message.role === "string" ? message.role : "unknown";
  if (role === "tool" || message.parts.length === 0) return role;
  for (const part of message.parts)
    if (typeof part !== "object" || part === null || (part as { type?: unknown }).type !== "tool_result") return role;
  return "tool";
}
