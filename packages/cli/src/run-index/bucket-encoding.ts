/**
 * How a run's call buckets are kept in the index: the column a warm `usage` report reads and parses for every run, so
 * its size is the report's time. Written as objects, a bucket's keys and its price (the same few for a whole day) were
 * two thirds of its bytes. Here each object is an array of its values after the number of its shape (its keys, kept once
 * per run), and each computed cost's price is the number of one price in a list kept once per run. Lossless for any
 * bucket: a shape is made for whatever keys an object has.
 */
import type { Cost } from "@agent-transcript/core";
import type { CallBucket, RunStats } from "../run-stats.js";

/** The price a computed cost names. */
type Pricing = Extract<Cost, { status: "computed" }>["pricing"];

/** An object's keys, and which of its values are objects written in the same way. */
interface Shape {
  keys: string[];
  nested: boolean[];
}

interface EncodedBuckets {
  shapes: Shape[];
  prices: Pricing[];
  /** A list per run (null for a run without buckets), each bucket as `[shape, ...values]`. */
  lists: Array<unknown[][] | null>;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * A run's statistics as a unit's two columns: the statistics without their call buckets (its sub-agents' as well), and
 * the buckets of the whole tree apart, a list per run in the order of a walk from the root (each run before its
 * children), read only by the reports that sum them (`runs` does not).
 */
export function statsColumns(stats: RunStats): { stats: string; buckets: string | null } {
  const lists: Array<CallBucket[] | null> = [];
  const withoutBuckets = (run: RunStats): RunStats => {
    lists.push(run.buckets ?? null);
    // Copied with its keys in their order (children replaced in place), so the statistics read back print as read.
    const copy = { ...run, children: run.children.map(withoutBuckets) };
    delete copy.buckets;
    return copy;
  };
  const stripped = withoutBuckets(stats);
  return {
    stats: JSON.stringify(stripped),
    buckets: lists.every((list) => list === null) ? null : encodeBuckets(lists),
  };
}

/** Gives each run of the tree its buckets back, in the order {@link statsColumns} listed them. */
export function attachBuckets(stats: RunStats, text: string): void {
  const lists = decodeBuckets(text);
  let next = 0;
  const attach = (run: RunStats): void => {
    const list = lists[next];
    next += 1;
    if (list !== null && list !== undefined) run.buckets = list;
    for (const child of run.children) attach(child);
  };
  attach(stats);
}

/** The buckets of each run (null for a run without), in the form {@link decodeBuckets} reads. */
export function encodeBuckets(lists: ReadonlyArray<readonly CallBucket[] | null>): string {
  const shapes: Shape[] = [];
  const shapeNumbers = new Map<string, number>();
  const prices: Pricing[] = [];
  const priceNumbers = new Map<string, number>();
  const priceNumber = (pricing: Pricing): number => {
    const key = JSON.stringify(pricing);
    let number = priceNumbers.get(key);
    if (number === undefined) {
      number = prices.length;
      prices.push(pricing);
      priceNumbers.set(key, number);
    }
    return number;
  };
  const encode = (object: Record<string, unknown>): unknown[] => {
    // A key whose value is undefined is left out, as JSON leaves it out of an object.
    const keys = Object.keys(object).filter((key) => object[key] !== undefined);
    const nested = keys.map((key) => isPlainObject(object[key]));
    const shapeKey = JSON.stringify([keys, nested]);
    let shape = shapeNumbers.get(shapeKey);
    if (shape === undefined) {
      shape = shapes.length;
      shapes.push({ keys, nested });
      shapeNumbers.set(shapeKey, shape);
    }
    return [
      shape,
      ...keys.map((key, index) => (nested[index] ? encode(object[key] as Record<string, unknown>) : object[key])),
    ];
  };
  const encodeOne = (bucket: CallBucket): unknown[] => {
    const { cost } = bucket;
    // The price is a number here, not an object: it is not written out again for each bucket.
    const withPrice =
      cost !== null && cost.status === "computed"
        ? { ...bucket, cost: { ...cost, pricing: priceNumber(cost.pricing) } }
        : bucket;
    return encode(withPrice as unknown as Record<string, unknown>);
  };
  const encoded = lists.map((list) => (list === null ? null : list.map(encodeOne)));
  return JSON.stringify({ shapes, prices, lists: encoded } satisfies EncodedBuckets);
}

/**
 * The buckets {@link encodeBuckets} wrote. A price is one object shared by the buckets that name it: the reports
 * never change a cost in place (core's `addCost` makes a new one).
 */
export function decodeBuckets(text: string): Array<CallBucket[] | null> {
  const { shapes, prices, lists } = JSON.parse(text) as EncodedBuckets;
  const decode = (values: unknown[]): Record<string, unknown> => {
    const shape = shapes[values[0] as number] as Shape;
    const object: Record<string, unknown> = {};
    for (let index = 0; index < shape.keys.length; index += 1) {
      const value = values[index + 1];
      const key = shape.keys[index] as string;
      const decoded = shape.nested[index] ? decode(value as unknown[]) : value;
      // A key named "__proto__" (a model's name comes from the session) is a key, as JSON.parse makes it, not the
      // object's prototype.
      if (key === "__proto__")
        Object.defineProperty(object, key, { value: decoded, enumerable: true, writable: true, configurable: true });
      else object[key] = decoded;
    }
    return object;
  };
  const decodeOne = (values: unknown[]): CallBucket => {
    const bucket = decode(values) as unknown as CallBucket;
    const cost = bucket.cost as { status: string; pricing?: unknown } | null;
    if (cost !== null && cost.status === "computed" && typeof cost.pricing === "number")
      cost.pricing = prices[cost.pricing];
    return bucket;
  };
  return lists.map((list) => (list === null ? null : list.map(decodeOne)));
}
