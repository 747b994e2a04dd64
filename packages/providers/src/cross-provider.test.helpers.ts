/**
 * The "zero silent drops" check of the cross-provider test: every part of a canonical document is either in the
 * native payload a converter wrote, or named by a warning.
 *
 * The document is cut into units: each part of each message (`/messages/i/parts/j`), each content part inside a
 * tool result (`…/content/k`) and each tool definition (`/tools/k`). Each unit has evidence, the content that
 * identifies it, as groups that must all be found, each group satisfied by any one of its strings:
 * - text, refusal: the text;
 * - reasoning: its text, a summary entry or its opaque data (signature, encrypted or redacted data);
 * - tool call: its id (or the id it was renamed to) and its name; tool result: the id of its call (or the renamed
 *   one) and its output (a string output, or up to three string values of a JSON output);
 * - image, audio, file: the inline data, URL, file id or document text;
 * - compaction: its encrypted content or summary; a native part: up to three string values of its data (its
 *   native type when it holds none); any other part: up to three of its string values;
 * - tool definition: its name.
 * A unit is represented when every group has a string that occurs in the payload: inside any of its string values,
 * or inside a string value of JSON text the payload carries (a JSON-encoded tool output or arguments).
 *
 * A unit not represented must be named by a loss warning (`lossCodes`) whose path is the unit's pointer or an
 * ancestor no higher than its message (or, for a tool definition, `/tools`): a document-wide warning covers nothing.
 *
 * Renamed ids: every `id-remapped` / `id-synthesized` warning points at a call or result; the new id is the token of
 * its message that is a string value of the payload. Units with no evidence at all (an empty text) carry nothing
 * to lose and are not checked; they are counted.
 */
import type { Tolerant } from "@agent-transcript/core";
import {
  foreignEntries,
  readSettings,
  requestSettingsTables,
  settingsOfRequest,
  tablesForKey,
  type ConversionWarning,
  type ConversionWarningCode,
  type SettingName,
  type SettingsFormat,
} from "./conversion/index.js";

/** Codes that say something was left out or changed so that it may not be found verbatim. */
export const lossCodes: ReadonlySet<ConversionWarningCode> = new Set<ConversionWarningCode>([
  "part-dropped",
  "message-dropped",
  "field-dropped",
  "reasoning-dropped",
  "reasoning-demoted",
  "tool-result-unmatched",
  "media-fallback",
  "value-converted",
  "parts-merged",
]);

export interface Unit {
  /** JSON pointer of the unit in the canonical document. */
  path: string;
  /** The highest pointer a covering warning may have (the unit's message or tool definition). */
  scope: string;
  type: string;
  /** All groups must be found; a group is found when any of its strings is. */
  evidence: string[][];
}

type JsonValue = unknown;

function isObject(value: JsonValue): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** String values of a JSON value, depth first, skipping the keys listed. */
export function stringsOf(value: JsonValue, skipKeys: readonly string[] = []): string[] {
  const out: string[] = [];
  const stack: JsonValue[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === "string") out.push(item);
    else if (Array.isArray(item)) for (let index = item.length - 1; index >= 0; index -= 1) stack.push(item[index]);
    else if (isObject(item)) {
      const entries = Object.entries(item).filter(([key]) => !skipKeys.includes(key));
      for (let index = entries.length - 1; index >= 0; index -= 1) stack.push((entries[index] as [string, unknown])[1]);
    }
  }
  return out;
}

const nonEmpty = (values: ReadonlyArray<string | undefined>): string[] =>
  values.filter((value): value is string => typeof value === "string" && value !== "");

/** Up to `count` distinct non-empty strings, each its own group. */
function some(values: readonly string[], count = 3): string[][] {
  return [...new Set(nonEmpty(values))].slice(0, count).map((value) => [value]);
}

const partKeysNotContent = ["type", "provider_fields", "issuer", "id", "status", "native_type", "media_type"];

function partEvidence(part: Tolerant.Part, ids: (id: string) => string[]): string[][] {
  const any = (values: ReadonlyArray<string | undefined>): string[][] => {
    const found = nonEmpty(values);
    return found.length === 0 ? [] : [found];
  };
  switch (part.type) {
    case "text":
    case "refusal":
      return any([(part as Tolerant.TextPart).text]);
    case "reasoning": {
      const reasoning = part as Tolerant.ReasoningPart;
      return any([
        reasoning.text,
        ...(reasoning.summary ?? []),
        reasoning.signature,
        reasoning.encrypted_content,
        reasoning.redacted_data,
      ]);
    }
    case "tool_call": {
      const call = part as Tolerant.ToolCallPart;
      return [ids(call.id), ...any([call.name])];
    }
    case "tool_result": {
      const result = part as Tolerant.ToolResultPart;
      const output =
        typeof result.output === "string"
          ? any([result.output])
          : result.output === undefined
            ? []
            : some(stringsOf(result.output));
      return [ids(result.call_id), ...output];
    }
    case "image":
    case "audio":
    case "file": {
      const media = part as Tolerant.FilePart;
      return any([media.data, media.url, media.file_id, media.text]);
    }
    case "compaction": {
      const compaction = part as Tolerant.CompactionPart;
      return any([
        compaction.encrypted_content,
        ...(typeof compaction.summary === "string" ? [compaction.summary] : []),
      ]);
    }
    case "native": {
      const native = part as Tolerant.NativePart;
      const strings = some(stringsOf(native.data));
      return strings.length > 0 ? strings : any([native.native_type.replace(/^content:/, "")]);
    }
    default:
      return some(stringsOf(part, partKeysNotContent));
  }
}

/** The units of a document, with their evidence (ids through `ids`, which adds renamed ones). */
export function unitsOf(document: Tolerant.Transcript, ids: (id: string) => string[] = (id) => [id]): Unit[] {
  const units: Unit[] = [];
  document.messages.forEach((message, messageIndex) => {
    const scope = `/messages/${messageIndex}`;
    message.parts.forEach((part, partIndex) => {
      const path = `${scope}/parts/${partIndex}`;
      units.push({ path, scope, type: part.type, evidence: partEvidence(part, ids) });
      if (part.type === "tool_result" && Array.isArray((part as Tolerant.ToolResultPart).content)) {
        ((part as Tolerant.ToolResultPart).content ?? []).forEach((item, itemIndex) => {
          units.push({
            path: `${path}/content/${itemIndex}`,
            scope,
            type: item.type,
            evidence: partEvidence(item, ids),
          });
        });
      }
    });
  });
  (document.tools ?? []).forEach((tool, index) => {
    units.push({ path: `/tools/${index}`, scope: "/tools", type: "tool", evidence: [nonEmpty([tool.name])] });
  });
  return units;
}

/** Every string a payload carries, and the strings inside JSON text it carries, for substring search. */
export function haystackOf(native: unknown): { text: string; values: Set<string> } {
  const values = stringsOf(native);
  const all: string[] = [...values];
  for (const value of values) {
    const trimmed = value.trimStart();
    if (!(trimmed.startsWith("{") || trimmed.startsWith("["))) continue;
    try {
      all.push(...stringsOf(JSON.parse(value) as unknown));
    } catch {
      // Not JSON text: searched as it is.
    }
  }
  return { text: all.join("\u0000"), values: new Set(values) };
}

/** The value at a JSON pointer of the document. */
function at(document: unknown, path: string): unknown {
  let value: unknown = document;
  for (const token of path.split("/").slice(1)) {
    const key = token.replaceAll("~1", "/").replaceAll("~0", "~");
    if (Array.isArray(value)) value = value[Number(key)];
    else if (isObject(value)) value = value[key];
    else return undefined;
  }
  return value;
}

/** Old id → new ids, read from the id warnings: the new id is the warning's token that is a payload value. */
export function renamedIds(
  document: Tolerant.Transcript,
  warnings: readonly ConversionWarning[],
  values: ReadonlySet<string>,
): Map<string, Set<string>> {
  const renamed = new Map<string, Set<string>>();
  for (const warning of warnings) {
    if (warning.code !== "id-remapped" && warning.code !== "id-synthesized") continue;
    const target = at(document, warning.path);
    const part =
      isObject(target) && typeof target["type"] === "string"
        ? target
        : at(document, warning.path.replace(/\/(?:id|call_id)$/, ""));
    const old = isObject(part) ? (part["type"] === "tool_result" ? part["call_id"] : part["id"]) : undefined;
    if (typeof old !== "string") continue;
    for (const token of warning.message.split(/[\s"',;:()`]+/)) {
      if (token !== "" && token !== old && values.has(token)) {
        const set = renamed.get(old) ?? new Set<string>();
        set.add(token);
        renamed.set(old, set);
      }
    }
  }
  return renamed;
}

export interface SilentDrop {
  path: string;
  type: string;
  /** The evidence groups not found. */
  missing: string[][];
}

/** Units of `document` neither found in `native` nor named by a loss warning. */
export function silentDrops(
  document: Tolerant.Transcript,
  native: unknown,
  warnings: readonly ConversionWarning[],
): { drops: SilentDrop[]; units: number; empty: number } {
  const haystack = haystackOf(native);
  const renamed = renamedIds(document, warnings, haystack.values);
  const units = unitsOf(document, (id) => nonEmpty([id, ...(renamed.get(id) ?? [])]));
  const covering = warnings.filter((warning) => lossCodes.has(warning.code)).map((warning) => warning.path);
  const drops: SilentDrop[] = [];
  let empty = 0;
  for (const unit of units) {
    if (unit.evidence.length === 0) {
      empty += 1;
      continue;
    }
    const missing = unit.evidence.filter((group) => !group.some((value) => haystack.text.includes(value)));
    if (missing.length === 0) continue;
    const covered = covering.some(
      (path) =>
        path === unit.path ||
        (unit.path.startsWith(`${path}/`) && (path === unit.scope || path.startsWith(`${unit.scope}/`))),
    );
    if (!covered) drops.push({ path: unit.path, type: unit.type, missing });
  }
  return { drops, units: units.length, empty };
}

// ─── Request settings ────────────────────────────────────────────────────────────────────────────────────────────

/**
 * The request settings a document keeps for other formats (its document-level `provider_fields`) that a target's
 * request neither carries nor names in a warning. Each kept field is read through its source's settings table: a
 * setting the table recognises must be in the target's request (read back through the target's table: the same
 * value, or another one with a `value-converted` warning at the kept field), be what the target always does, or be
 * named by a warning at the kept field; a field no table recognises must be named by a warning at it or inside it.
 */
export function settingsSilentDrops(
  document: Tolerant.Transcript,
  target: SettingsFormat,
  native: unknown,
  warnings: readonly ConversionWarning[],
): SilentDrop[] {
  const table = requestSettingsTables[target];
  const carried = settingsOfRequest(table, native);
  const drops: SilentDrop[] = [];
  const warned = (path: string, codes: readonly string[]): boolean =>
    warnings.some(
      (warning) => codes.includes(warning.code) && (warning.path === path || warning.path.startsWith(`${path}/`)),
    );
  for (const entry of foreignEntries(document, { format: target, providerKey: table.providerKey }, tablesForKey)) {
    const fields = document.provider_fields?.[entry.key];
    const base = `/provider_fields/${entry.key}`;
    if (typeof fields !== "object" || fields === null) continue;
    const read = readSettings(entry.tables, fields, base);
    for (const path of read.unread)
      if (!warned(path, ["field-dropped"])) drops.push({ path, type: "setting", missing: [[path]] });
    for (const [name, value] of Object.entries(read.settings) as Array<[SettingName, unknown]>) {
      const origin = read.origins[name] ?? "";
      const sent = carried[name];
      const same = JSON.stringify(sent) === JSON.stringify(value);
      const implicit = JSON.stringify(table.implicit[name]) === JSON.stringify(value);
      if (same || implicit) continue;
      if (warned(origin, sent === undefined ? ["field-dropped"] : ["value-converted", "field-dropped"])) continue;
      drops.push({ path: origin, type: `setting ${name}`, missing: [[JSON.stringify(value)]] });
    }
  }
  return drops;
}
