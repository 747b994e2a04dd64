import { describe, expect, it } from "vitest";
import { geminiConverter } from "../../converters.js";
import type { GeminiRequest } from "./types.js";

const call = (name: string, id?: string) => ({ functionCall: { name, args: {}, ...(id === undefined ? {} : { id }) } });
const response = (name: string, id?: string) => ({
  functionResponse: { name, response: {}, ...(id === undefined ? {} : { id }) },
});
const text = (value: string) => ({ text: value });
const check = (request: unknown) =>
  geminiConverter.checkRequest(request as GeminiRequest).map((problem) => problem.path);

describe("checkRequest", () => {
  it("accepts consecutive model Contents answered together, and a user Content after the responses", () => {
    expect(
      check({
        contents: [
          { role: "user", parts: [text("a")] },
          { role: "model", parts: [call("f")] },
          { role: "model", parts: [call("g")] },
          { role: "user", parts: [response("g"), response("f")] },
          { role: "user", parts: [text("b")] },
        ],
      }),
    ).toEqual([]);
  });
  it("needs contents", () => expect(check({ contents: [] })).toEqual(["/contents"]));
  it("needs user or model roles", () =>
    expect(check({ contents: [{ role: "assistant", parts: [text("a")] }] })).toEqual(["/contents/0/role"]));
  it("rejects a Content without parts", () =>
    expect(check({ contents: [{ role: "user", parts: [] }] })).toEqual(["/contents/0/parts"]));
  it("rejects an empty part", () =>
    expect(check({ contents: [{ role: "user", parts: [{}] }] })).toEqual(["/contents/0/parts/0"]));
  it("needs a function call turn right after a user turn", () => {
    expect(
      check({
        contents: [
          { role: "model", parts: [call("f")] },
          { role: "user", parts: [response("f")] },
        ],
      }),
    ).toEqual(["/contents/0"]);
  });
  it("needs the responses after a call turn", () => {
    expect(
      check({
        contents: [
          { role: "user", parts: [text("a")] },
          { role: "model", parts: [call("f")] },
        ],
      }),
    ).toEqual(["/contents/1"]);
  });
  it("needs exactly as many responses as calls, in one Content", () => {
    expect(
      check({
        contents: [
          { role: "user", parts: [text("a")] },
          { role: "model", parts: [call("f"), call("f")] },
          { role: "user", parts: [response("f")] },
          { role: "user", parts: [response("f")] },
        ],
      }),
    ).toEqual(["/contents/2", "/contents/2", "/contents/3/parts/0"]);
  });
  it("needs the response names to match the calls", () => {
    expect(
      check({
        contents: [
          { role: "user", parts: [text("a")] },
          { role: "model", parts: [call("f")] },
          { role: "user", parts: [response("g")] },
        ],
      }),
    ).toEqual(["/contents/2"]);
  });
  it("needs response ids to answer a call of the turn", () => {
    expect(
      check({
        contents: [
          { role: "user", parts: [text("a")] },
          { role: "model", parts: [call("f", "1")] },
          { role: "user", parts: [response("f", "2")] },
        ],
      }),
    ).toEqual(["/contents/2/parts/0"]);
  });
  it("rejects a response nowhere near a call", () => {
    expect(check({ contents: [{ role: "user", parts: [response("f")] }] })).toEqual(["/contents/0/parts/0"]);
  });
});
