/**
 * The compatibility rules: what changed between two versions of the format's schemas, each change classified by
 * what it does to readers and writers of the two versions.
 *
 * Two questions are asked of every change, because a schema read by old readers and one written by old writers break
 * in opposite ways:
 * - **old documents, new readers**: is every document the old strict schema allowed still read, with the same
 *   meaning, by the new tolerant reader?
 * - **new documents, old readers**: is every document the new strict schema allows read by the old tolerant reader?
 *
 * A change that fails either is breaking (a new major); one that passes both but lets writers emit more is minor; one
 * that touches only annotations (descriptions, examples) is a patch. The tolerant reader is the strict schema with
 * unknown properties allowed and `x-extensible` vocabularies open (tools/codegen/src/tolerant.ts), so the rules read
 * the strict sources and their `x-extensible` / `x-tolerant-also` marks rather than the derived twins, whose
 * if/then/else dispatch would hide what changed. A keyword no rule knows is breaking, never silently accepted.
 */
import { jsonSchemaAnnotationKeywords } from "@agent-transcript/codegen/keywords";

export type JsonSchema = { [keyword: string]: unknown };
export type ChangeKind = "major" | "minor" | "patch";
export type Direction = "old-documents-new-readers" | "new-documents-old-readers";

export const directionWords: Record<Direction, string> = {
  "old-documents-new-readers": "old documents, new readers",
  "new-documents-old-readers": "new documents, old readers",
};

export type ChangeRule =
  | "annotation-changed"
  | "definition-added"
  | "definition-removed"
  | "property-added"
  | "property-added-to-open-object"
  | "property-removed"
  | "required-property-added"
  | "property-became-required"
  | "property-became-optional"
  | "type-narrowed"
  | "type-widened"
  | "enum-member-removed"
  | "enum-member-added"
  | "extensible-enum-member-added"
  | "enum-added"
  | "enum-removed"
  | "const-changed"
  | "vocabulary-closed"
  | "vocabulary-opened"
  | "union-member-removed"
  | "union-member-added"
  | "extensible-union-member-added"
  | "discriminator-changed"
  | "pattern-added"
  | "pattern-changed"
  | "pattern-removed"
  | "format-added"
  | "format-changed"
  | "format-removed"
  | "bound-narrowed"
  | "bound-widened"
  | "object-closed"
  | "object-opened"
  | "constraint-added"
  | "constraint-removed"
  | "constraint-changed"
  | "condition-changed"
  | "tolerant-alternative-removed"
  | "tolerant-alternative-added"
  | "reference-changed"
  | "unknown-keyword-changed";

export interface SchemaChange {
  kind: ChangeKind;
  rule: ChangeRule;
  /** The schema file, repository-relative (the new one; the old one for what was removed with its file). */
  file: string;
  /** JSON pointer of the changed subschema or keyword within the file. */
  pointer: string;
  /** For a breaking change, the directions it breaks. */
  breaks: Direction[];
  /** Why the change is of its kind, in words. */
  reason: string;
}

/** One version's schema files, by file name (`transcript.schema.json`), each with its `$id`. */
export interface SchemaSetInput {
  /** Repository-relative folder of the files, for messages: `schemas/v1`, `schemas/released/1.0.0/strict`. */
  folder: string;
  files: ReadonlyMap<string, JsonSchema>;
}

const annotationKeywords = new Set<string>([
  ...jsonSchemaAnnotationKeywords,
  // tools/codegen's annotation for the TypeScript type of a value that may be any JSON: no validation.
  "tsType",
]);
/** Identity keywords: `$id` follows the file's path and major folder, `$schema` is linted to 2020-12. */
const identityKeywords = new Set(["$id", "$schema"]);
/** Lower bounds: a larger value narrows. */
const lowerBounds = new Set(["minimum", "exclusiveMinimum", "minLength", "minItems", "minProperties", "minContains"]);
/** Upper bounds: a smaller value narrows. */
const upperBounds = new Set(["maximum", "exclusiveMaximum", "maxLength", "maxItems", "maxProperties", "maxContains"]);
/** Keywords whose whole value is compared for equality: the gate cannot tell which way a change to them goes. */
const opaqueConstraints = new Set(["multipleOf", "patternProperties", "propertyNames", "contains", "uniqueItems"]);

const both: Direction[] = ["old-documents-new-readers", "new-documents-old-readers"];
const oldDocuments: Direction[] = ["old-documents-new-readers"];
const newDocuments: Direction[] = ["new-documents-old-readers"];

interface Side {
  set: SchemaSetInput;
  /** `$id` → file name, to follow `$ref`s within the set. */
  idToFile: Map<string, string>;
}

interface Location {
  file: string;
  pointer: string;
}

export function compareSchemaSets(oldSet: SchemaSetInput, newSet: SchemaSetInput): SchemaChange[] {
  const comparison = new Comparison(side(oldSet), side(newSet));
  comparison.run();
  return comparison.changes;
}

function side(set: SchemaSetInput): Side {
  const idToFile = new Map<string, string>();
  for (const [name, schema] of set.files) idToFile.set(String(schema.$id), name);
  return { set, idToFile };
}

class Comparison {
  readonly changes: SchemaChange[] = [];
  /** Pairs of `$ref` targets already compared, so recursive definitions end. */
  private readonly comparedTargets = new Set<string>();

  constructor(
    private readonly old: Side,
    private readonly current: Side,
  ) {}

  run(): void {
    const names = [...new Set([...this.old.set.files.keys(), ...this.current.set.files.keys()])].sort();
    for (const name of names) {
      const before = this.old.set.files.get(name);
      const after = this.current.set.files.get(name);
      if (before && !after) {
        this.add(
          "major",
          "definition-removed",
          { file: `${this.old.set.folder}/${name}`, pointer: "" },
          both,
          `the entity ${String(before.title)} (${name}) is gone: documents of the old version that hold it are no longer read`,
        );
        continue;
      }
      if (!before && after) {
        this.add("minor", "definition-added", this.at(name, ""), [], `a new entity ${String(after.title)} (${name})`);
        continue;
      }
      if (!before || !after) continue;
      this.compareDefinitions(name, before, after);
      this.compareNode(before, after, String(before.$id), String(after.$id), this.at(name, ""), name);
    }
  }

  private at(file: string, pointer: string): Location {
    return { file: `${this.current.set.folder}/${file}`, pointer };
  }

  private add(kind: ChangeKind, rule: ChangeRule, where: Location, breaks: Direction[], reason: string): void {
    const directions = kind === "major" ? ` (${breaks.map((direction) => directionWords[direction]).join("; ")})` : "";
    this.changes.push({
      kind,
      rule,
      file: where.file,
      pointer: where.pointer,
      breaks,
      reason: `${reason}${directions}`,
    });
  }

  private compareDefinitions(file: string, before: JsonSchema, after: JsonSchema): void {
    const oldDefinitions = (before.$defs ?? {}) as Record<string, JsonSchema>;
    const newDefinitions = (after.$defs ?? {}) as Record<string, JsonSchema>;
    for (const name of Object.keys(oldDefinitions)) {
      if (!Object.hasOwn(newDefinitions, name))
        this.add(
          "major",
          "definition-removed",
          this.at(file, `/$defs/${escape(name)}`),
          both,
          `the definition ${name} is gone: documents of the old version that hold it are no longer read as one`,
        );
    }
    for (const name of Object.keys(newDefinitions)) {
      if (!Object.hasOwn(oldDefinitions, name))
        this.add("minor", "definition-added", this.at(file, `/$defs/${escape(name)}`), [], `a new definition ${name}`);
    }
  }

  /**
   * Compares one subschema of each version, met at the same place. `file` is the new file's name; `$defs` are
   * compared by `compareDefinitions` and walked here, so each definition is compared once, where it is defined.
   */
  private compareNode(
    before: unknown,
    after: unknown,
    oldBase: string,
    newBase: string,
    where: Location,
    file: string,
  ): void {
    if (typeof before === "boolean" || typeof after === "boolean") {
      if (!deepEqual(before, after))
        this.add(
          "major",
          "unknown-keyword-changed",
          where,
          both,
          `a boolean schema changed from ${JSON.stringify(before)} to ${JSON.stringify(after)}`,
        );
      return;
    }
    if (!isObject(before) || !isObject(after)) return;
    if (typeof before.$ref === "string" || typeof after.$ref === "string") {
      this.compareReferences(before, after, oldBase, newBase, where, file);
      return;
    }
    const keywords = new Set([...Object.keys(before), ...Object.keys(after)]);
    const handled = new Set<string>();
    const handle = (...names: string[]): void => {
      for (const name of names) handled.add(name);
    };

    for (const keyword of keywords) {
      if (annotationKeywords.has(keyword)) {
        handle(keyword);
        if (!deepEqual(before[keyword], after[keyword]))
          this.add(
            "patch",
            "annotation-changed",
            child(where, keyword),
            [],
            `the annotation ${keyword} changed; no document is read differently`,
          );
      }
      if (identityKeywords.has(keyword)) handle(keyword);
    }

    handle("$defs");
    const definitions = (after.$defs ?? {}) as Record<string, JsonSchema>;
    const oldDefinitions = (before.$defs ?? {}) as Record<string, JsonSchema>;
    for (const name of Object.keys(definitions)) {
      if (Object.hasOwn(oldDefinitions, name))
        this.compareNode(
          oldDefinitions[name],
          definitions[name],
          oldBase,
          newBase,
          child(child(where, "$defs"), name),
          file,
        );
    }

    handle("type");
    this.compareTypes(before, after, where);
    handle("enum", "const", "x-extensible");
    this.compareValues(before, after, where);
    handle("properties", "required", "additionalProperties", "dependentRequired");
    this.compareObject(before, after, oldBase, newBase, where, file);
    handle("oneOf", "anyOf", "discriminator");
    this.compareUnion(before, after, oldBase, newBase, where, file);
    handle("allOf", "then", "else", "items", "prefixItems", "dependentSchemas");
    this.compareConstraints(before, after, oldBase, newBase, where, file);
    handle("if", "not");
    for (const keyword of ["if", "not"]) this.compareOpaque(before, after, keyword, where, "condition-changed");
    handle("pattern", "format");
    this.compareStringRule(before, after, "pattern", where);
    this.compareStringRule(before, after, "format", where);
    for (const keyword of keywords) {
      if (lowerBounds.has(keyword) || upperBounds.has(keyword)) {
        handle(keyword);
        this.compareBound(before, after, keyword, where);
      }
      if (opaqueConstraints.has(keyword)) {
        handle(keyword);
        this.compareOpaque(before, after, keyword, where, "constraint-changed");
      }
    }
    handle("x-tolerant-also");
    this.compareTolerantAlternatives(before, after, where);

    for (const keyword of keywords) {
      if (handled.has(keyword) || deepEqual(before[keyword], after[keyword])) continue;
      this.add(
        "major",
        "unknown-keyword-changed",
        child(where, keyword),
        both,
        `${keyword} changed and the gate has no rule for it, so it cannot tell which documents it admits or refuses; teach tools/schema-release/src/schema-diff.ts the keyword`,
      );
    }
  }

  private compareReferences(
    before: JsonSchema,
    after: JsonSchema,
    oldBase: string,
    newBase: string,
    where: Location,
    file: string,
  ): void {
    // Readers' extra shapes sit beside the reference (`{ $ref, x-tolerant-also }`).
    this.compareTolerantAlternatives(before, after, where);
    const oldTarget = typeof before.$ref === "string" ? this.resolve(this.old, before.$ref, oldBase) : undefined;
    const newTarget = typeof after.$ref === "string" ? this.resolve(this.current, after.$ref, newBase) : undefined;
    // Both name the same definition: it is compared where it is defined.
    if (oldTarget && newTarget && oldTarget.key === newTarget.key) {
      this.compareAnnotationsBeside(before, after, where);
      return;
    }
    const key = `${oldTarget?.key ?? JSON.stringify(before)} -> ${newTarget?.key ?? JSON.stringify(after)}`;
    if (this.comparedTargets.has(key)) return;
    this.comparedTargets.add(key);
    this.add(
      "patch",
      "reference-changed",
      child(where, "$ref"),
      [],
      `the reference changed (${oldTarget?.key ?? "inline"} → ${newTarget?.key ?? "inline"}); what each admits is compared below`,
    );
    this.compareNode(
      oldTarget?.schema ?? before,
      newTarget?.schema ?? after,
      oldTarget?.base ?? oldBase,
      newTarget?.base ?? newBase,
      where,
      file,
    );
  }

  private compareAnnotationsBeside(before: JsonSchema, after: JsonSchema, where: Location): void {
    for (const keyword of new Set([...Object.keys(before), ...Object.keys(after)])) {
      if (keyword === "$ref" || keyword === "x-tolerant-also" || deepEqual(before[keyword], after[keyword])) continue;
      if (annotationKeywords.has(keyword))
        this.add(
          "patch",
          "annotation-changed",
          child(where, keyword),
          [],
          `the annotation ${keyword} changed; no document is read differently`,
        );
      else
        this.add(
          "major",
          "unknown-keyword-changed",
          child(where, keyword),
          both,
          `${keyword} beside a $ref changed and the gate has no rule for it`,
        );
    }
  }

  private resolve(
    sideOf: Side,
    reference: string,
    base: string,
  ): { key: string; schema: unknown; base: string } | undefined {
    const url = new URL(reference, base);
    const fragment = decodeURIComponent(url.hash.replace(/^#/, ""));
    url.hash = "";
    const fileName = sideOf.idToFile.get(url.href);
    if (fileName === undefined) return undefined;
    let target: unknown = sideOf.set.files.get(fileName);
    for (const token of fragment.split("/").slice(1)) {
      const key = token.replaceAll("~1", "/").replaceAll("~0", "~");
      target = isObject(target) && Object.hasOwn(target, key) ? target[key] : undefined;
    }
    if (target === undefined) return undefined;
    return { key: `${fileName}#${fragment}`, schema: target, base: url.href };
  }

  private compareTypes(before: JsonSchema, after: JsonSchema, where: Location): void {
    const oldTypes = typeSet(before.type);
    const newTypes = typeSet(after.type);
    if (sameSet(oldTypes, newTypes)) return;
    const lost =
      oldTypes === undefined ? ["any other type"] : [...oldTypes].filter((type) => !admitsType(newTypes, type));
    const gained = newTypes === undefined ? ["any type"] : [...newTypes].filter((type) => !admitsType(oldTypes, type));
    if (lost.length > 0)
      this.add(
        "major",
        "type-narrowed",
        child(where, "type"),
        oldDocuments,
        `the type no longer admits ${lost.join(", ")}: an old document holding one is refused`,
      );
    if (gained.length > 0)
      this.add(
        "major",
        "type-widened",
        child(where, "type"),
        newDocuments,
        `the type now admits ${gained.join(", ")}, which old readers refuse (they keep the old type)`,
      );
  }

  private compareValues(before: JsonSchema, after: JsonSchema, where: Location): void {
    const oldExtensible = before["x-extensible"] === true;
    const newExtensible = after["x-extensible"] === true;
    const oldEnum = Array.isArray(before.enum) ? before.enum : undefined;
    const newEnum = Array.isArray(after.enum) ? after.enum : undefined;
    if (oldEnum && newEnum) {
      const removed = oldEnum.filter((value) => !newEnum.some((candidate) => deepEqual(candidate, value)));
      const added = newEnum.filter((value) => !oldEnum.some((candidate) => deepEqual(candidate, value)));
      if (removed.length > 0)
        this.add(
          "major",
          "enum-member-removed",
          child(where, "enum"),
          oldDocuments,
          `${list(removed)} ${removed.length === 1 ? "is" : "are"} no longer a member: old documents that use ${removed.length === 1 ? "it" : "them"} lose ${removed.length === 1 ? "its" : "their"} meaning or are refused`,
        );
      if (added.length > 0) {
        if (oldExtensible)
          this.add(
            "minor",
            "extensible-enum-member-added",
            child(where, "enum"),
            [],
            `${list(added)} joined an x-extensible vocabulary, which old readers accept as an unknown member`,
          );
        else
          this.add(
            "major",
            "enum-member-added",
            child(where, "enum"),
            newDocuments,
            `${list(added)} joined a closed vocabulary: old readers refuse ${added.length === 1 ? "it" : "them"} (mark the vocabulary x-extensible in a major release to let it grow)`,
          );
      }
    } else if (!oldEnum && newEnum) {
      this.add(
        "major",
        "enum-added",
        child(where, "enum"),
        oldDocuments,
        `the value is now limited to ${list(newEnum)}: an old document with any other value is refused`,
      );
    } else if (oldEnum && !newEnum && !oldExtensible) {
      this.add(
        "major",
        "enum-removed",
        child(where, "enum"),
        newDocuments,
        `the value is no longer limited to ${list(oldEnum)}, and old readers refuse anything else`,
      );
    } else if (oldEnum && !newEnum) {
      this.add(
        "minor",
        "enum-removed",
        child(where, "enum"),
        [],
        `the x-extensible vocabulary ${list(oldEnum)} became any string, which old readers already accepted`,
      );
    }
    if (oldExtensible && !newExtensible)
      this.add(
        "major",
        "vocabulary-closed",
        child(where, "x-extensible"),
        oldDocuments,
        "an x-extensible vocabulary was closed: members a newer 1.x minor may write, which old readers accepted, are refused",
      );
    if (!oldExtensible && newExtensible)
      this.add(
        "minor",
        "vocabulary-opened",
        child(where, "x-extensible"),
        [],
        "the vocabulary became x-extensible: readers of this version accept members a later minor adds",
      );

    if (!deepEqual(before.const, after.const)) {
      if (before.const !== undefined && after.const !== undefined)
        this.add(
          "major",
          "const-changed",
          child(where, "const"),
          both,
          `the value must now be ${JSON.stringify(after.const)}, not ${JSON.stringify(before.const)}`,
        );
      else if (after.const !== undefined)
        this.add(
          "major",
          "const-changed",
          child(where, "const"),
          oldDocuments,
          `the value must now be ${JSON.stringify(after.const)}: an old document with any other value is refused`,
        );
      else
        this.add(
          "major",
          "const-changed",
          child(where, "const"),
          newDocuments,
          `the value no longer has to be ${JSON.stringify(before.const)}, and old readers refuse anything else`,
        );
    }
  }

  private compareObject(
    before: JsonSchema,
    after: JsonSchema,
    oldBase: string,
    newBase: string,
    where: Location,
    file: string,
  ): void {
    const oldProperties = (before.properties ?? {}) as Record<string, unknown>;
    const newProperties = (after.properties ?? {}) as Record<string, unknown>;
    const oldRequired = new Set(Array.isArray(before.required) ? (before.required as string[]) : []);
    const newRequired = new Set(Array.isArray(after.required) ? (after.required as string[]) : []);
    const oldOpen = before.additionalProperties !== false;
    const properties = child(where, "properties");

    for (const name of Object.keys(oldProperties)) {
      if (!Object.hasOwn(newProperties, name))
        this.add(
          "major",
          "property-removed",
          child(properties, name),
          oldRequired.has(name) ? both : oldDocuments,
          oldRequired.has(name)
            ? `the required property ${name} is gone: old documents lose its meaning, and old readers refuse new documents without it`
            : `the property ${name} is gone: old documents that hold it lose its meaning (new readers take it for an unknown property)`,
        );
    }
    for (const [name, schema] of Object.entries(newProperties)) {
      const at = child(properties, name);
      if (Object.hasOwn(oldProperties, name)) {
        this.compareNode(oldProperties[name], schema, oldBase, newBase, at, file);
        if (newRequired.has(name) && !oldRequired.has(name))
          this.add(
            "major",
            "property-became-required",
            at,
            oldDocuments,
            `${name} is now required: an old document without it is refused`,
          );
        if (!newRequired.has(name) && oldRequired.has(name))
          this.add(
            "major",
            "property-became-optional",
            at,
            newDocuments,
            `${name} is no longer required: old readers refuse a new document without it`,
          );
        continue;
      }
      if (newRequired.has(name)) {
        this.add(
          "major",
          "required-property-added",
          at,
          oldDocuments,
          `the new property ${name} is required: every old document lacks it and is refused`,
        );
      } else if (oldOpen && !isUnconstrained(schema)) {
        this.add(
          "major",
          "property-added-to-open-object",
          at,
          oldDocuments,
          `the new property ${name} constrains an object that admitted any property: an old document may hold ${name} with another value`,
        );
      } else {
        this.add(
          "minor",
          "property-added",
          at,
          [],
          `a new optional property ${name}: old readers accept it as an unknown property, old documents lack it`,
        );
      }
    }
    // A name required without a declaration (inside a condition) changes what is admitted too.
    for (const name of newRequired)
      if (!oldRequired.has(name) && !Object.hasOwn(newProperties, name))
        this.add(
          "major",
          "property-became-required",
          child(where, "required"),
          oldDocuments,
          `${name} is now required: an old document without it is refused`,
        );
    for (const name of oldRequired)
      if (!newRequired.has(name) && !Object.hasOwn(oldProperties, name))
        this.add(
          "major",
          "property-became-optional",
          child(where, "required"),
          newDocuments,
          `${name} is no longer required: old readers refuse a new document without it`,
        );

    const oldAdditional = before.additionalProperties;
    const newAdditional = after.additionalProperties;
    if (!deepEqual(oldAdditional, newAdditional)) {
      const at = child(where, "additionalProperties");
      if (newAdditional === false)
        this.add(
          "major",
          "object-closed",
          at,
          oldDocuments,
          "the object no longer admits other properties: what old writers put there is no longer part of the format",
        );
      else if (oldAdditional === false)
        this.add(
          "minor",
          "object-opened",
          at,
          [],
          "the object admits other properties now; old readers accept unknown properties",
        );
      else this.compareNode(oldAdditional ?? {}, newAdditional ?? {}, oldBase, newBase, at, file);
    }

    const oldDependent = (before.dependentRequired ?? {}) as Record<string, string[]>;
    const newDependent = (after.dependentRequired ?? {}) as Record<string, string[]>;
    for (const name of new Set([...Object.keys(oldDependent), ...Object.keys(newDependent)])) {
      const was = new Set(oldDependent[name] ?? []);
      const now = new Set(newDependent[name] ?? []);
      const at = child(child(where, "dependentRequired"), name);
      const gained = [...now].filter((value) => !was.has(value));
      const lost = [...was].filter((value) => !now.has(value));
      if (gained.length > 0)
        this.add(
          "major",
          "constraint-added",
          at,
          oldDocuments,
          `with ${name}, ${list(gained)} ${gained.length === 1 ? "is" : "are"} now required too: an old document without ${gained.length === 1 ? "it" : "them"} is refused`,
        );
      if (lost.length > 0)
        this.add(
          "major",
          "constraint-removed",
          at,
          newDocuments,
          `with ${name}, ${list(lost)} ${lost.length === 1 ? "is" : "are"} no longer required: old readers refuse a new document without ${lost.length === 1 ? "it" : "them"}`,
        );
    }
  }

  private compareUnion(
    before: JsonSchema,
    after: JsonSchema,
    oldBase: string,
    newBase: string,
    where: Location,
    file: string,
  ): void {
    for (const keyword of ["oneOf", "anyOf"] as const) {
      const oldMembers = Array.isArray(before[keyword]) ? (before[keyword] as unknown[]) : undefined;
      const newMembers = Array.isArray(after[keyword]) ? (after[keyword] as unknown[]) : undefined;
      if (!oldMembers && !newMembers) continue;
      const at = child(where, keyword);
      if (!oldMembers || !newMembers) {
        if (newMembers)
          this.add(
            "major",
            "constraint-added",
            at,
            oldDocuments,
            `${keyword} was added: old documents that match none of its members are refused`,
          );
        else
          this.add(
            "major",
            "constraint-removed",
            at,
            newDocuments,
            `${keyword} was removed: old readers refuse new documents that match none of its members`,
          );
        continue;
      }
      const oldTag = discriminatorOf(before);
      const newTag = discriminatorOf(after);
      if (oldTag !== newTag) {
        this.add(
          "major",
          "discriminator-changed",
          child(where, "discriminator"),
          both,
          `the union is told apart by ${newTag ?? "shape"} now, not by ${oldTag ?? "shape"}`,
        );
        continue;
      }
      const extensible = before["x-extensible"] === true;
      const key = (members: unknown[], sideOf: Side, base: string): Array<string | undefined> =>
        members.map((member) => (newTag ? this.memberTag(sideOf, member, newTag, base) : undefined));
      const oldKeys = key(oldMembers, this.old, oldBase);
      const newKeys = key(newMembers, this.current, newBase);
      const matched = new Set<number>();
      oldMembers.forEach((member, oldIndex) => {
        const oldKey = oldKeys[oldIndex];
        let newIndex =
          oldKey !== undefined
            ? newKeys.indexOf(oldKey)
            : newMembers.findIndex((candidate, index) => !matched.has(index) && deepEqual(candidate, member));
        if (newIndex < 0 && oldKey === undefined && oldIndex < newMembers.length && !matched.has(oldIndex))
          newIndex = oldIndex;
        if (newIndex < 0 || matched.has(newIndex)) {
          const name = oldKey !== undefined ? `${newTag} ${JSON.stringify(oldKey)}` : `member ${oldIndex}`;
          this.add(
            "major",
            "union-member-removed",
            child(at, String(oldIndex)),
            oldDocuments,
            `the union's ${name} is gone: old documents that hold one are no longer read as it`,
          );
          return;
        }
        matched.add(newIndex);
        this.compareNode(member, newMembers[newIndex], oldBase, newBase, child(at, String(newIndex)), file);
      });
      newMembers.forEach((_member, newIndex) => {
        if (matched.has(newIndex)) return;
        const newKey = newKeys[newIndex];
        const name = newKey !== undefined ? `${newTag} ${JSON.stringify(newKey)}` : `member ${newIndex}`;
        if (extensible && newKey !== undefined)
          this.add(
            "minor",
            "extensible-union-member-added",
            child(at, String(newIndex)),
            [],
            `the x-extensible union gained ${name}, which old readers accept as an unknown member`,
          );
        else
          this.add(
            "major",
            "union-member-added",
            child(at, String(newIndex)),
            newDocuments,
            `the closed union gained ${name}: old readers refuse it (only an x-extensible union grows in a minor)`,
          );
      });
    }
  }

  private memberTag(sideOf: Side, member: unknown, tag: string, base: string): string | undefined {
    let schema = member;
    if (isObject(member) && typeof member.$ref === "string") schema = this.resolve(sideOf, member.$ref, base)?.schema;
    const property = isObject(schema) ? (schema.properties as Record<string, unknown> | undefined)?.[tag] : undefined;
    return isObject(property) && typeof property.const === "string" ? property.const : undefined;
  }

  /** Keywords whose subschemas each constrain the whole value: narrowing one narrows the value. */
  private compareConstraints(
    before: JsonSchema,
    after: JsonSchema,
    oldBase: string,
    newBase: string,
    where: Location,
    file: string,
  ): void {
    for (const keyword of ["then", "else", "items"] as const) {
      const at = child(where, keyword);
      if (before[keyword] !== undefined && after[keyword] !== undefined)
        this.compareNode(before[keyword], after[keyword], oldBase, newBase, at, file);
      else if (after[keyword] !== undefined)
        this.add("major", "constraint-added", at, oldDocuments, `${keyword} was added: it may refuse old documents`);
      else if (before[keyword] !== undefined)
        this.add(
          "major",
          "constraint-removed",
          at,
          newDocuments,
          `${keyword} was removed: old readers still hold new documents to it`,
        );
    }
    for (const keyword of ["allOf", "prefixItems"] as const) {
      const oldList = Array.isArray(before[keyword]) ? (before[keyword] as unknown[]) : [];
      const newList = Array.isArray(after[keyword]) ? (after[keyword] as unknown[]) : [];
      const at = child(where, keyword);
      for (let index = 0; index < Math.max(oldList.length, newList.length); index += 1) {
        if (index < oldList.length && index < newList.length)
          this.compareNode(oldList[index], newList[index], oldBase, newBase, child(at, String(index)), file);
        else if (index < newList.length)
          this.add(
            "major",
            "constraint-added",
            child(at, String(index)),
            oldDocuments,
            `${keyword} gained a member: it may refuse old documents`,
          );
        else
          this.add(
            "major",
            "constraint-removed",
            child(at, String(index)),
            newDocuments,
            `${keyword} lost a member: old readers still hold new documents to it`,
          );
      }
    }
    const oldDependent = (before.dependentSchemas ?? {}) as Record<string, unknown>;
    const newDependent = (after.dependentSchemas ?? {}) as Record<string, unknown>;
    for (const name of new Set([...Object.keys(oldDependent), ...Object.keys(newDependent)])) {
      const at = child(child(where, "dependentSchemas"), name);
      if (name in oldDependent && name in newDependent)
        this.compareNode(oldDependent[name], newDependent[name], oldBase, newBase, at, file);
      else if (name in newDependent)
        this.add("major", "constraint-added", at, oldDocuments, `a schema now applies with ${name}`);
      else this.add("major", "constraint-removed", at, newDocuments, `the schema that applied with ${name} is gone`);
    }
  }

  /** A keyword whose change the gate cannot direct: added narrows, removed widens, changed may do both. */
  private compareOpaque(
    before: JsonSchema,
    after: JsonSchema,
    keyword: string,
    where: Location,
    rule: "condition-changed" | "constraint-changed",
  ): void {
    if (deepEqual(before[keyword], after[keyword])) return;
    const at = child(where, keyword);
    if (before[keyword] === undefined)
      this.add("major", "constraint-added", at, oldDocuments, `${keyword} was added: it may refuse old documents`);
    else if (after[keyword] === undefined)
      this.add(
        "major",
        "constraint-removed",
        at,
        newDocuments,
        `${keyword} was removed: old readers still hold new documents to it`,
      );
    else
      this.add(
        "major",
        rule,
        at,
        both,
        `${keyword} changed, and the gate cannot tell which documents it now admits or refuses`,
      );
  }

  private compareStringRule(
    before: JsonSchema,
    after: JsonSchema,
    keyword: "pattern" | "format",
    where: Location,
  ): void {
    const was = before[keyword];
    const now = after[keyword];
    if (deepEqual(was, now)) return;
    const at = child(where, keyword);
    if (was === undefined)
      this.add(
        "major",
        `${keyword}-added`,
        at,
        oldDocuments,
        `the ${keyword} ${JSON.stringify(now)} was added: an old document's value may not match it`,
      );
    else if (now === undefined)
      this.add(
        "major",
        `${keyword}-removed`,
        at,
        newDocuments,
        `the ${keyword} ${JSON.stringify(was)} was removed: old readers still refuse values that do not match it`,
      );
    else
      this.add(
        "major",
        `${keyword}-changed`,
        at,
        both,
        `the ${keyword} changed from ${JSON.stringify(was)} to ${JSON.stringify(now)}; no rule proves either admits all the other does`,
      );
  }

  private compareBound(before: JsonSchema, after: JsonSchema, keyword: string, where: Location): void {
    const was = before[keyword];
    const now = after[keyword];
    if (deepEqual(was, now)) return;
    const at = child(where, keyword);
    const lower = lowerBounds.has(keyword);
    const narrowed =
      was === undefined
        ? true
        : now === undefined
          ? false
          : typeof was === "number" && typeof now === "number"
            ? lower
              ? now > was
              : now < was
            : true;
    const describe = (value: unknown): string => (value === undefined ? "none" : JSON.stringify(value));
    if (narrowed)
      this.add(
        "major",
        "bound-narrowed",
        at,
        oldDocuments,
        `${keyword} went from ${describe(was)} to ${describe(now)}: an old document's value may fall outside it`,
      );
    else
      this.add(
        "major",
        "bound-widened",
        at,
        newDocuments,
        `${keyword} went from ${describe(was)} to ${describe(now)}: old readers refuse values outside the old bound`,
      );
  }

  private compareTolerantAlternatives(before: JsonSchema, after: JsonSchema, where: Location): void {
    const oldList = Array.isArray(before["x-tolerant-also"]) ? (before["x-tolerant-also"] as unknown[]) : [];
    const newList = Array.isArray(after["x-tolerant-also"]) ? (after["x-tolerant-also"] as unknown[]) : [];
    const at = child(where, "x-tolerant-also");
    oldList.forEach((alternative, index) => {
      if (!newList.some((candidate) => deepEqual(candidate, alternative)))
        this.add(
          "major",
          "tolerant-alternative-removed",
          child(at, String(index)),
          oldDocuments,
          "a shape old readers accepted (written by another system) is refused by new readers",
        );
    });
    newList.forEach((alternative, index) => {
      if (!oldList.some((candidate) => deepEqual(candidate, alternative)))
        this.add(
          "minor",
          "tolerant-alternative-added",
          child(at, String(index)),
          [],
          "readers accept one more shape another system writes; writers are unchanged",
        );
    });
  }
}

function child(where: Location, token: string): Location {
  return { file: where.file, pointer: `${where.pointer}/${escape(token)}` };
}

function escape(token: string): string {
  return token.replaceAll("~", "~0").replaceAll("/", "~1");
}

function isObject(value: unknown): value is JsonSchema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function discriminatorOf(schema: JsonSchema): string | undefined {
  const discriminator = schema.discriminator;
  return isObject(discriminator) && typeof discriminator.propertyName === "string"
    ? discriminator.propertyName
    : undefined;
}

/** A property schema that admits every value: only annotations (a `tsType: unknown` value). */
function isUnconstrained(schema: unknown): boolean {
  return (
    schema === true || (isObject(schema) && Object.keys(schema).every((keyword) => annotationKeywords.has(keyword)))
  );
}

function typeSet(type: unknown): Set<string> | undefined {
  if (typeof type === "string") return new Set([type]);
  if (Array.isArray(type)) return new Set(type.map(String));
  return undefined;
}

/** Whether a type set admits every value of `type` (`number` admits `integer`; no set admits everything). */
function admitsType(types: Set<string> | undefined, type: string): boolean {
  if (types === undefined) return true;
  return types.has(type) || (type === "integer" && types.has("number"));
}

function sameSet(left: Set<string> | undefined, right: Set<string> | undefined): boolean {
  if (left === undefined || right === undefined) return left === right;
  return left.size === right.size && [...left].every((value) => right.has(value));
}

function list(values: readonly unknown[]): string {
  return values.map((value) => JSON.stringify(value)).join(", ");
}

export function deepEqual(left: unknown, right: unknown): boolean {
  if (left === right) return true;
  if (typeof left !== typeof right || left === null || right === null || typeof left !== "object") return false;
  if (Array.isArray(left) !== Array.isArray(right)) return false;
  if (Array.isArray(left)) {
    const other = right as unknown[];
    return left.length === other.length && left.every((value, index) => deepEqual(value, other[index]));
  }
  const leftObject = left as Record<string, unknown>;
  const rightObject = right as Record<string, unknown>;
  const keys = Object.keys(leftObject);
  return (
    keys.length === Object.keys(rightObject).length &&
    keys.every((key) => Object.hasOwn(rightObject, key) && deepEqual(leftObject[key], rightObject[key]))
  );
}

const kindOrder: Record<ChangeKind | "none", number> = { none: 0, patch: 1, minor: 2, major: 3 };

/** The release a set of changes needs: the largest kind among them, or `none`. */
export function requiredBump(changes: readonly SchemaChange[]): ChangeKind | "none" {
  let result: ChangeKind | "none" = "none";
  for (const change of changes) if (kindOrder[change.kind] > kindOrder[result]) result = change.kind;
  return result;
}

export function bumpAtLeast(actual: ChangeKind | "none", needed: ChangeKind | "none"): boolean {
  return kindOrder[actual] >= kindOrder[needed];
}
