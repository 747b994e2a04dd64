/**
 * Content blocks → canonical parts, the family's part: a block a member cannot read structurally becomes a native
 * part it issued (kept verbatim, written back only to it), and a tool call is read the same way in every member once
 * its id field is named. The rest of each member's block grammar is its `blockToPart`.
 */
import type { Part, ToolCallPart } from "@agent-transcript/core";
import { cloneJson, type JsonObject } from "../../conversion/index.js";
import type { ContentBlocksDialect } from "./dialect.js";

/** A block kept verbatim, named by its type (`unknown` when it has none) and issued by the member. */
export function nativePart(dialect: ContentBlocksDialect, block: unknown, nativeType: string | undefined): Part {
  return {
    type: "native",
    native_type: nativeType ?? "unknown",
    data: cloneJson(block),
    issuer: { provider: dialect.issuer.provider, api: dialect.issuer.api },
  };
}

/**
 * The tool call in `body` (the block, or the union member holding the call), or undefined when it lacks a non-empty
 * id or name, or any input. The caller marks a server tool's call and keeps the body's other fields.
 */
export function toolCallPart(body: JsonObject, idKey: string): ToolCallPart | undefined {
  const id = body[idKey];
  if (
    typeof id !== "string" ||
    id === "" ||
    typeof body.name !== "string" ||
    body.name === "" ||
    !Object.hasOwn(body, "input")
  )
    return undefined;
  return { type: "tool_call", id, name: body.name, input: cloneJson(body.input) };
}
