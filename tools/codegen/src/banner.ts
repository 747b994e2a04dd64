import { regenerateCommand } from "./paths.js";

/** The DO-NOT-EDIT banner every generated file starts with, in the comment syntax of its language. */
export function banner(sources: readonly string[], linePrefix: "//" | "#"): string {
  const lines = [
    "AUTO-GENERATED FILE. DO NOT EDIT.",
    `Source: ${sources.join(", ")}`,
    `Regenerate: ${regenerateCommand}`,
  ];
  return lines.map((line) => `${linePrefix} ${line}`).join("\n") + "\n";
}
