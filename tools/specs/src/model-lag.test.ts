import { describe, expect, it } from "vitest";
import { checkAgainstSpec, isNewerThanModel, newerThanModel } from "./checker.js";
import { loadSpec } from "./published.js";

describe("members newer than the stored Bedrock model", () => {
  const shapes = (loadSpec("bedrock-runtime") as { shapes: Record<string, { members?: Record<string, unknown> }> })
    .shapes;

  it("are still missing from the model (remove an entry once a refreshed model defines it)", () => {
    for (const entry of newerThanModel) {
      expect(shapes[entry.shape], entry.shape).toBeDefined();
      expect(
        Object.keys(shapes[entry.shape]?.members ?? {}),
        `${entry.shape} now defines ${entry.member}`,
      ).not.toContain(entry.member);
    }
  });

  it("are told apart from every other problem", () => {
    const request = {
      messages: [{ role: "user", content: [{ text: "hi" }] }],
      outputConfig: {},
      toolConfig: { tools: [{ toolSpec: { name: "f", inputSchema: { json: {} }, strict: true, extra: 1 } }] },
    };
    const problems = checkAgainstSpec("bedrock-converse", "request", request);
    expect(
      problems.filter((problem) => isNewerThanModel("bedrock-converse", problem)).map((problem) => problem.path),
    ).toEqual(["", "/toolConfig/tools/0/toolSpec"]);
    expect(
      problems.filter((problem) => !isNewerThanModel("bedrock-converse", problem)).map((problem) => problem.message),
    ).toEqual(['must NOT have additional properties ({"additionalProperty":"extra"})']);
  });
});
