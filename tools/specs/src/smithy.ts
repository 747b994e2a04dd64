/**
 * A Smithy 2.0 model (JSON AST) translated to JSON Schema 2020-12, for the shapes a set of roots reaches, as they
 * travel as JSON under the `aws.protocols#restJson1` protocol (Bedrock Runtime's):
 *
 * | Smithy                                   | JSON Schema                                                                  |
 * | ---------------------------------------- | ---------------------------------------------------------------------------- |
 * | structure                                | object; `@required` members required; no other property (see below)          |
 * | union                                    | object with exactly one of its members                                       |
 * | list / set                               | array (no `null` item unless `@sparse`); `uniqueItems` for a set             |
 * | map                                      | object whose keys are the key shape's strings and values the value shape     |
 * | string / enum                            | string / one of the enum's values (`@enumValue`, or the member's name)       |
 * | intEnum                                  | one of its integers                                                          |
 * | byte, short, integer, long               | integer within the type's range; float, double, bigDecimal: number           |
 * | boolean                                  | boolean                                                                      |
 * | document                                 | any JSON value                                                               |
 * | blob                                     | a base64 string (restJson1 sends bytes as base64)                            |
 * | timestamp                                | epoch seconds (restJson1's default), or a string under `@timestampFormat`    |
 * | `@length`                                | minLength/maxLength (string), minItems/maxItems (list), min/maxProperties    |
 * |                                          | (map), and for a blob the base64 length of that many bytes                   |
 * | `@range`, `@pattern`                     | minimum/maximum, pattern                                                     |
 * | `@jsonName`                              | the property's name on the wire                                              |
 * | `@httpLabel`, `@httpHeader`, `@httpQuery`| not in the body: left out (a Converse request's `modelId` is in the URL)     |
 *
 * A structure admits no member the model does not define. Smithy itself leaves unknown members to each
 * implementation (servers may ignore them); we read the model as closed because what we check is what we write,
 * and a member the model lacks is one the service does not take.
 */
import type { ValidateFunction } from "ajv/dist/2020.js";
import { problemsOf, specAjv, type SpecProblem } from "./openapi.js";

type JsonObject = { [key: string]: unknown };
const isObject = (value: unknown): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

interface MemberShape {
  target: string;
  traits?: JsonObject;
}
interface Shape {
  type: string;
  members?: Record<string, MemberShape>;
  member?: MemberShape;
  key?: MemberShape;
  value?: MemberShape;
  traits?: JsonObject;
}

/** The prelude's shapes (`smithy.api#…`) the models target, as the shapes they are. */
const prelude: Readonly<Record<string, Shape>> = {
  "smithy.api#String": { type: "string" },
  "smithy.api#Blob": { type: "blob" },
  "smithy.api#Boolean": { type: "boolean" },
  "smithy.api#PrimitiveBoolean": { type: "boolean" },
  "smithy.api#Byte": { type: "byte" },
  "smithy.api#PrimitiveByte": { type: "byte" },
  "smithy.api#Short": { type: "short" },
  "smithy.api#PrimitiveShort": { type: "short" },
  "smithy.api#Integer": { type: "integer" },
  "smithy.api#PrimitiveInteger": { type: "integer" },
  "smithy.api#Long": { type: "long" },
  "smithy.api#PrimitiveLong": { type: "long" },
  "smithy.api#Float": { type: "float" },
  "smithy.api#PrimitiveFloat": { type: "float" },
  "smithy.api#Double": { type: "double" },
  "smithy.api#PrimitiveDouble": { type: "double" },
  "smithy.api#BigInteger": { type: "bigInteger" },
  "smithy.api#BigDecimal": { type: "bigDecimal" },
  "smithy.api#Timestamp": { type: "timestamp" },
  "smithy.api#Document": { type: "document" },
  "smithy.api#Unit": { type: "structure", members: {} },
};

const integerRanges: Readonly<Record<string, [number, number]>> = {
  byte: [-128, 127],
  short: [-32768, 32767],
  integer: [-2147483648, 2147483647],
  long: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
};

/** Members bound to the HTTP request line or headers rather than the JSON body. */
const httpBindings = [
  "smithy.api#httpLabel",
  "smithy.api#httpHeader",
  "smithy.api#httpQuery",
  "smithy.api#httpPrefixHeaders",
  "smithy.api#httpQueryParams",
];

/** A shape id as a `$defs` name: `#` cannot stand in a URI fragment, `:` can. */
export const definitionName = (shapeId: string): string => shapeId.replace("#", ":");

const reference = (shapeId: string) => ({ $ref: `#/$defs/${definitionName(shapeId)}` });

export class SmithyTranslation {
  readonly definitions: Record<string, unknown> = {};
  /** Every shape reached from the roots, in the order reached. */
  readonly reached: string[] = [];
  private readonly shapes: Record<string, Shape>;

  constructor(model: unknown, roots: readonly string[]) {
    if (!isObject(model) || !isObject(model.shapes)) throw new Error("not a Smithy JSON model: no shapes");
    this.shapes = model.shapes as Record<string, Shape>;
    for (const root of roots) this.reach(root);
  }

  shape(shapeId: string): Shape {
    const shape = Object.hasOwn(this.shapes, shapeId) ? this.shapes[shapeId] : prelude[shapeId];
    if (shape === undefined) throw new Error(`the model has no shape ${shapeId}`);
    return shape;
  }

  private reach(shapeId: string): void {
    const name = definitionName(shapeId);
    if (Object.hasOwn(this.definitions, name)) return;
    // Placeholder first: a recursive shape (a document block holding documents) reaches itself.
    Object.defineProperty(this.definitions, name, { value: {}, enumerable: true, writable: true });
    this.reached.push(shapeId);
    this.definitions[name] = this.translate(shapeId, this.shape(shapeId));
  }

  /** A member: its target's schema, with the member's own constraint traits on top. */
  private member(member: MemberShape): unknown {
    this.reach(member.target);
    const target = this.shape(member.target);
    const constraints = this.constraints(target.type, member.traits ?? {});
    return Object.keys(constraints).length === 0
      ? reference(member.target)
      : { ...reference(member.target), ...constraints };
  }

  /** `@length`, `@range`, `@pattern` as JSON Schema keywords for a shape of this type. */
  private constraints(type: string, traits: JsonObject): JsonObject {
    const out: JsonObject = {};
    const length = traits["smithy.api#length"];
    if (isObject(length)) {
      const min = typeof length.min === "number" ? length.min : undefined;
      const max = typeof length.max === "number" ? length.max : undefined;
      const [minKey, maxKey] =
        type === "list" || type === "set"
          ? ["minItems", "maxItems"]
          : type === "map"
            ? ["minProperties", "maxProperties"]
            : ["minLength", "maxLength"];
      // A blob's length counts bytes; its base64 text has 4 characters for every 3 bytes begun.
      const scale = (bytes: number) => (type === "blob" ? Math.ceil(bytes / 3) * 4 : bytes);
      if (min !== undefined) out[minKey] = scale(min);
      if (max !== undefined) out[maxKey] = scale(max);
    }
    const range = traits["smithy.api#range"];
    if (isObject(range)) {
      if (typeof range.min === "number") out.minimum = range.min;
      if (typeof range.max === "number") out.maximum = range.max;
    }
    const pattern = traits["smithy.api#pattern"];
    if (typeof pattern === "string") out.pattern = pattern;
    return out;
  }

  private translate(shapeId: string, shape: Shape): unknown {
    const traits = shape.traits ?? {};
    const constraints = this.constraints(shape.type, traits);
    switch (shape.type) {
      case "structure":
      case "union": {
        const properties: JsonObject = {};
        const required: string[] = [];
        for (const [name, member] of Object.entries(shape.members ?? {})) {
          const memberTraits = member.traits ?? {};
          if (httpBindings.some((binding) => Object.hasOwn(memberTraits, binding))) continue;
          const jsonName =
            typeof memberTraits["smithy.api#jsonName"] === "string" ? memberTraits["smithy.api#jsonName"] : name;
          Object.defineProperty(properties, jsonName, { value: this.member(member), enumerable: true });
          if (shape.type === "structure" && Object.hasOwn(memberTraits, "smithy.api#required")) required.push(jsonName);
        }
        const schema: JsonObject = { type: "object", properties, additionalProperties: false };
        if (required.length > 0) schema.required = required;
        if (shape.type === "union") {
          schema.minProperties = 1;
          schema.maxProperties = 1;
        }
        return schema;
      }
      case "list":
      case "set": {
        if (shape.member === undefined) throw new Error(`${shapeId}: a list without a member`);
        const item = this.member(shape.member);
        const items = Object.hasOwn(traits, "smithy.api#sparse") ? { anyOf: [{ type: "null" }, item] } : item;
        return {
          type: "array",
          items,
          ...(shape.type === "set" || Object.hasOwn(traits, "smithy.api#uniqueItems") ? { uniqueItems: true } : {}),
          ...constraints,
        };
      }
      case "map": {
        if (shape.key === undefined || shape.value === undefined)
          throw new Error(`${shapeId}: a map without key or value`);
        const value = this.member(shape.value);
        return {
          type: "object",
          propertyNames: this.member(shape.key),
          additionalProperties: Object.hasOwn(traits, "smithy.api#sparse")
            ? { anyOf: [{ type: "null" }, value] }
            : value,
          ...constraints,
        };
      }
      case "enum":
        return {
          type: "string",
          enum: Object.entries(shape.members ?? {}).map(([name, member]) => {
            const value = member.traits?.["smithy.api#enumValue"];
            return typeof value === "string" ? value : name;
          }),
        };
      case "intEnum":
        return {
          type: "integer",
          enum: Object.values(shape.members ?? {}).map((member) => member.traits?.["smithy.api#enumValue"]),
        };
      case "string":
        return { type: "string", ...constraints };
      case "blob":
        // restJson1 writes a blob as base64 (RFC 4648, with padding).
        return {
          type: "string",
          pattern: "^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$",
          ...constraints,
        };
      case "boolean":
        return { type: "boolean" };
      case "byte":
      case "short":
      case "integer":
      case "long": {
        const [minimum, maximum] = integerRanges[shape.type] as [number, number];
        return { type: "integer", minimum, maximum, ...constraints };
      }
      case "bigInteger":
        return { type: "integer", ...constraints };
      case "float":
      case "double":
      case "bigDecimal":
        return { type: "number", ...constraints };
      case "timestamp": {
        const format = traits["smithy.api#timestampFormat"];
        if (format === "date-time") return { type: "string", format: "date-time" };
        if (format === "http-date") return { type: "string" };
        return { type: "number" };
      }
      case "document":
        return {};
      default:
        throw new Error(`${shapeId}: a ${shape.type} shape has no JSON form here`);
    }
  }
}

/** Validators of a Smithy model's shapes, reached from the given roots and compiled on first use. */
export class SmithyValidators {
  readonly translation: SmithyTranslation;
  private readonly ajv = specAjv();
  private readonly compiled = new Map<string, ValidateFunction>();
  private readonly id = "https://specs.agent-transcript.invalid/smithy";

  constructor(model: unknown, roots: readonly string[]) {
    this.translation = new SmithyTranslation(model, roots);
    this.ajv.addSchema({ $id: this.id, $defs: this.translation.definitions });
  }

  validate(shapeId: string, value: unknown): SpecProblem[] {
    const name = definitionName(shapeId);
    if (!Object.hasOwn(this.translation.definitions, name))
      throw new Error(`${shapeId} is not among the roots' shapes`);
    let validate = this.compiled.get(name);
    if (validate === undefined) {
      const found = this.ajv.getSchema(`${this.id}#/$defs/${name}`);
      if (found === undefined) throw new Error(`ajv could not compile ${shapeId}`);
      validate = found;
      this.compiled.set(name, validate);
    }
    return validate(value) ? [] : problemsOf(validate.errors);
  }
}
