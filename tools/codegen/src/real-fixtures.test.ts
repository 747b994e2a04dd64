import { describe, expect, it } from "vitest";
import { apiOfUri, loadRealFixtures, type PayloadApi } from "./real-fixtures.js";

describe("the real fixture corpus", () => {
  const files = loadRealFixtures();

  it("reads every file: each holds provider payloads or says why it holds none", () => {
    expect(files.length).toBeGreaterThanOrEqual(370);
    for (const file of files) expect(file.payloads.length + file.other.length, file.file).toBeGreaterThan(0);
  });

  it("finds requests, responses and streams of every API", () => {
    const counts = new Map<string, number>();
    for (const payload of files.flatMap((file) => file.payloads))
      counts.set(`${payload.api}/${payload.kind}`, (counts.get(`${payload.api}/${payload.kind}`) ?? 0) + 1);
    const apis: PayloadApi[] = [
      "anthropic",
      "openai-chat",
      "openai-responses",
      "gemini",
      "ollama",
      "bedrock-converse",
      "mistral",
    ];
    for (const api of apis) {
      expect(counts.get(`${api}/request`) ?? 0, `${api} requests`).toBeGreaterThan(0);
      expect(
        (counts.get(`${api}/response`) ?? 0) + (counts.get(`${api}/stream`) ?? 0),
        `${api} responses and streams`,
      ).toBeGreaterThan(0);
    }
  });

  it("decodes Bedrock's binary event streams into events", () => {
    const bedrockStream = files
      .flatMap((file) => file.payloads)
      .find(
        (payload) =>
          payload.api === "bedrock-converse" &&
          payload.kind === "stream" &&
          payload.origin.endsWith(".yaml#interactions/0/response"),
      );
    expect(bedrockStream?.kind).toBe("stream");
    if (bedrockStream?.kind === "stream")
      expect(Object.keys(bedrockStream.chunks[0] as object)[0]).toBe("messageStart");
  });

  it("names the API of every model endpoint and refuses the rest with a reason", () => {
    expect(apiOfUri("https://api.anthropic.com/v1/messages?beta=true")).toEqual({ api: "anthropic" });
    expect(apiOfUri("https://generativelanguage.googleapis.com/v1beta/openai/chat/completions")).toEqual({
      api: "openai-chat",
    });
    expect(
      apiOfUri(
        "https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse",
      ),
    ).toEqual({ api: "gemini" });
    expect(apiOfUri("https://api.openai.com/v1/files")).toEqual({
      reason: "not a model call: api.openai.com/v1/files",
    });
  });
});
