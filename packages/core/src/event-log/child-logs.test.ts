import { describe, expect, it } from "vitest";
import { childLogNames } from "../index.js";

describe("childLogNames", () => {
  it("names a child run's log beside its parent's, plain and gzip, in the order they are looked for", () => {
    const runId = "7c9e6679-7425-40de-944b-e07fc1f90ae7";
    expect(childLogNames(runId)).toEqual([`${runId}.jsonl`, `${runId}.jsonl.gz`]);
  });

  it("makes no name of a run id that is not a UUID: it could name a path outside the folder", () => {
    for (const runId of [
      "../7c9e6679-7425-40de-944b-e07fc1f90ae7",
      "7c9e6679/7425-40de-944b-e07fc1f90ae7",
      "",
      "a/../../b",
    ])
      expect(childLogNames(runId)).toEqual([]);
  });
});
