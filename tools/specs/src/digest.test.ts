import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { computeDigest, diffDigests, readCommittedDigest } from "./digest.js";
import { specsPackageRoot } from "./published.js";

const committed = readCommittedDigest();

describe("the digest of the shapes we check", () => {
  it("matches the specifications in published/ (else: look at what changed, then digest:update)", () => {
    const changes = diffDigests(committed, computeDigest());
    expect(
      changes,
      `${changes.join("\n")}\nThe shapes above changed: check what the converters write, then run pnpm --filter @agent-transcript/specs digest:update`,
    ).toEqual([]);
  });

  it("reaches the shapes the converters write from each checked root", () => {
    expect(Object.keys(committed.openai.shapes)).toEqual(
      expect.arrayContaining([
        "CreateResponse",
        "FunctionTool",
        "InputImageContent",
        "ChatCompletionRequestToolMessage",
      ]),
    );
    expect(Object.keys(committed.mistral.shapes)).toEqual(
      expect.arrayContaining(["ChatCompletionRequest", "ToolMessage"]),
    );
    expect(Object.keys(committed["bedrock-runtime"].shapes)).toEqual(
      expect.arrayContaining([
        "com.amazonaws.bedrockruntime#ToolSpecification",
        "com.amazonaws.bedrockruntime#ContentBlock",
      ]),
    );
  });

  describe("when a newer specification is dropped in", () => {
    const root = mkdtempSync(path.join(tmpdir(), "specs-digest-"));
    cpSync(path.join(specsPackageRoot, "published"), path.join(root, "published"), { recursive: true });
    afterAll(() => rmSync(root, { recursive: true, force: true }));
    const openaiFile = path.join(root, "published/openai/openapi.json");
    const original = readFileSync(openaiFile, "utf8");
    const edit = (change: (schemas: Record<string, Record<string, unknown>>) => void) => {
      const document = JSON.parse(original) as { components: { schemas: Record<string, Record<string, unknown>> } };
      change(document.components.schemas);
      writeFileSync(openaiFile, JSON.stringify(document, null, 2));
      return diffDigests(committed, computeDigest(root));
    };

    it("names each shape we check that changed, was added or was removed", () => {
      const changes = edit((schemas) => {
        (schemas.FunctionTool?.required as string[]).push("output_schema");
        (schemas.ImageDetail?.enum as string[]).push("ultra");
        schemas.InputFileContent = { $ref: "#/components/schemas/NewFileShape" };
        schemas.NewFileShape = { type: "object" };
      });
      expect(changes).toEqual(
        expect.arrayContaining([
          "openai: shape FunctionTool changed",
          "openai: shape ImageDetail changed",
          "openai: shape InputFileContent changed",
          "openai: shape NewFileShape added",
        ]),
      );
      expect(changes.every((line) => line.startsWith("openai: "))).toBe(true);
    });

    it("tells a documentation-only change apart: the file changed, no shape we check did", () => {
      const changes = edit((schemas) => {
        schemas.FunctionTool = { ...schemas.FunctionTool, description: "Reworded." };
      });
      expect(changes).toEqual(["openai: the file changed; no shape we check did (documentation only)"]);
    });
  });
});
