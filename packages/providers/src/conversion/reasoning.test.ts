import { describe, expect, it } from "vitest";
import { decideReasoning, isSameIssuer } from "./reasoning.js";

const signed = {
  type: "reasoning" as const,
  text: "Let me think.",
  signature: "EqQBCkYIBxgCKkD",
  issuer: { provider: "anthropic", api: "messages", model: "claude-sonnet-4-5" },
};

describe("decideReasoning", () => {
  it("replays reasoning byte-exact to its issuer", () => {
    expect(decideReasoning(signed, { provider: "anthropic", api: "messages" }, "drop", "/messages/1/parts/0")).toEqual({
      action: "replay",
      part: signed,
    });
  });

  it("drops foreign opaque reasoning by default, with a warning naming where", () => {
    expect(decideReasoning(signed, { provider: "openai", api: "responses" }, "drop", "/messages/1/parts/0")).toEqual({
      action: "drop",
      warning: expect.objectContaining({ code: "reasoning-dropped", path: "/messages/1/parts/0" }),
    });
  });

  it("demotes foreign reasoning to text, or keeps it without its opaque data, when asked", () => {
    expect(decideReasoning(signed, { provider: "google" }, "text", "/p")).toMatchObject({
      action: "as-text",
      text: "Let me think.",
      warning: { code: "reasoning-demoted" },
    });
    const kept = decideReasoning(signed, { provider: "google" }, "keep", "/p");
    expect(kept).toMatchObject({ action: "as-reasoning", part: { type: "reasoning", text: "Let me think." } });
    expect(kept).not.toHaveProperty(["part", "signature"]);
  });

  it("drops opaque-only reasoning even under text and keep: there is nothing readable to send", () => {
    const encrypted = {
      type: "reasoning" as const,
      encrypted_content: "gAAAAB",
      issuer: { provider: "openai", api: "responses" },
    };
    expect(decideReasoning(encrypted, { provider: "anthropic" }, "text", "/p").action).toBe("drop");
    expect(decideReasoning(encrypted, { provider: "anthropic" }, "keep", "/p").action).toBe("drop");
  });

  it("treats plain reasoning text with no opaque data as portable", () => {
    const plain = { type: "reasoning" as const, text: "thinking" };
    expect(decideReasoning(plain, { provider: "google" }, "drop", "/p")).toEqual({ action: "replay", part: plain });
  });

  it("matches issuers by provider, and by API when both name one", () => {
    expect(
      isSameIssuer({ provider: "openai", api: "responses" }, { provider: "openai", api: "chat-completions" }),
    ).toBe(false);
    expect(isSameIssuer({ provider: "openai" }, { provider: "openai", api: "responses" })).toBe(true);
    expect(isSameIssuer(undefined, { provider: "openai" })).toBe(false);
  });
});
