import { describe, expect, it } from "vitest";
import { mistralDialect } from "./formats/mistral/request.js";
import { mistralCompletion } from "./formats/mistral/response.js";
import { mistralStream } from "./formats/mistral/stream.js";
import { ollamaMember } from "./formats/ollama/request-member.js";
import { chatDialect } from "./formats/openai-chat/request.js";
import { chatCompletion } from "./formats/openai-chat/response.js";
import { chatStream } from "./formats/openai-chat/stream.js";

const lookupTables = new Set(["finishReasons", "finishFallbacks"]);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Where two dialect objects differ in their keys or the keys' order, which decides an object's hidden class: at the
 * top and inside every field that holds an object in both (a field one member leaves undefined has no layout), but
 * for lookup tables, whose keys are the member's own (finish reasons).
 */
function layoutDifferences(left: Record<string, unknown>, right: Record<string, unknown>, path = ""): string[] {
  if (Object.keys(left).join() !== Object.keys(right).join()) return [path === "" ? "/" : path];
  return Object.keys(left).flatMap((key) => {
    const [inner, other] = [left[key], right[key]];
    return isRecord(inner) && isRecord(other) && !lookupTables.has(key)
      ? layoutDifferences(inner, other, `${path}/${key}`)
      : [];
  });
}

describe("the members' dialects", () => {
  it("are compared by a check that sees a key missing, keys reordered and a nested difference", () => {
    // Without this, a check that finds nothing would pass the two tests below.
    expect(layoutDifferences({ a: 1, b: 2 }, { a: 1 })).toEqual(["/"]);
    expect(layoutDifferences({ a: 1, b: 2 }, { b: 2, a: 1 })).toEqual(["/"]);
    expect(layoutDifferences({ a: { x: 1, y: 2 } }, { a: { y: 2, x: 1 } })).toEqual(["/a"]);
    expect(layoutDifferences({ finishReasons: { stop: "stop" } }, { finishReasons: { end: "stop" } })).toEqual([]);
  });

  // The folds read dialect fields in their loops: objects of one layout keep those reads monomorphic.
  it("have one layout per section, so the folds reading them see one object shape", () => {
    expect(layoutDifferences({ ...mistralDialect }, { ...chatDialect })).toEqual([]);
    expect(layoutDifferences({ ...mistralCompletion }, { ...chatCompletion })).toEqual([]);
    expect(layoutDifferences({ ...mistralStream }, { ...chatStream })).toEqual([]);
  });

  it("share the layout of what every member states with Ollama", () => {
    const shared = Object.keys(ollamaMember);
    expect(shared.length).toBeGreaterThan(0);
    expect(Object.keys(chatDialect).slice(0, shared.length)).toEqual(shared);
    for (const key of ["syntheticIds", "toolCalls", "tools"] as const)
      expect(layoutDifferences({ ...ollamaMember[key] }, { ...chatDialect[key] })).toEqual([]);
  });
});
