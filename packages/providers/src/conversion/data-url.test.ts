/**
 * One rule for data URLs, through the public converters of every format that reads or writes one: the URLs each
 * reader splits into media_type and data are the URLs each writer sends inline, and only those.
 */
import type { Transcript } from "@agent-transcript/core";
import { describe, expect, it } from "vitest";
import {
  anthropicConverter,
  bedrockConverseConverter,
  geminiConverter,
  mistralConverter,
  openaiChatConverter,
  openaiResponsesConverter,
  warpExportConverter,
  type ToCanonicalResult,
} from "../index.js";

/** Each URL, and the media type and base64 data it stands for when it is inline media (undefined: a plain URL). */
const cases: readonly (readonly [string, string, { mediaType: string; data: string } | undefined])[] = [
  ["a base64 PNG", "data:image/png;base64,iVBORw0KGgo=", { mediaType: "image/png", data: "iVBORw0KGgo=" }],
  [
    "a media type with a suffix",
    "data:image/svg+xml;base64,PHN2Zy8+",
    { mediaType: "image/svg+xml", data: "PHN2Zy8+" },
  ],
  ["empty data", "data:image/png;base64,", { mediaType: "image/png", data: "" }],
  ["no media type", "data:;base64,AAAA", undefined],
  ["a media type without a subtype", "data:png;base64,AAAA", undefined],
  ["data that is not base64", "data:image/png;base64,not base64!", undefined],
  ["base64url data", "data:image/png;base64,ab-_", undefined],
  ["a parameter", "data:image/svg+xml;charset=utf-8;base64,PHN2Zy8+", undefined],
  ["percent-encoded data", "data:text/plain,hello%20world", undefined],
  ["broken percent-encoding", "data:,%E0%A4%A", undefined],
  ["capitals", "DATA:image/png;BASE64,AAAA", undefined],
];

/** The first part of the first message of a conversion that must succeed. */
function firstPart(result: ToCanonicalResult): unknown {
  expect(result.ok, JSON.stringify(result)).toBe(true);
  return result.ok ? result.document.messages[0]?.parts[0] : undefined;
}

function expectedPart(url: string, inline: { mediaType: string; data: string } | undefined): object {
  return inline === undefined ? { url } : { media_type: inline.mediaType, data: inline.data };
}

describe.each(cases)("a data URL with %s", (_, url, inline) => {
  it("is read the same by OpenAI Chat, Mistral, OpenAI Responses and Warp", () => {
    const chat = { model: "m", messages: [{ role: "user", content: [{ type: "image_url", image_url: { url } }] }] };
    expect(firstPart(openaiChatConverter.requestToCanonical(chat))).toEqual({
      type: "image",
      ...expectedPart(url, inline),
    });
    expect(firstPart(mistralConverter.requestToCanonical(chat))).toMatchObject({
      type: "image",
      ...expectedPart(url, inline),
    });
    const responses = {
      model: "m",
      input: [{ type: "message", role: "user", content: [{ type: "input_image", image_url: url, detail: "auto" }] }],
    };
    expect(firstPart(openaiResponsesConverter.requestToCanonical(responses))).toMatchObject({
      type: "image",
      ...expectedPart(url, inline),
    });
    const warp = {
      schema_version: "1.0.0",
      conversation_id: "c",
      title: null,
      workspace: { root: "/w", branch: "main" },
      messages: [{ id: "m1", role: "user", content: [{ type: "image", data_uri: url }] }],
    };
    const fromWarp = warpExportConverter.toCanonical(warp);
    expect(firstPart(fromWarp)).toEqual({ type: "image", ...expectedPart(url, inline) });
    // Split or not, the URL goes back as it came.
    expect(fromWarp.ok && warpExportConverter.fromCanonical(fromWarp.document)).toMatchObject({
      ok: true,
      value: warp,
    });
  });

  it("is sent inline by Anthropic, Bedrock and Gemini exactly when it is read as inline", () => {
    const document = {
      schema_version: "1.0.0",
      id: "t",
      messages: [
        {
          role: "user",
          parts: [
            { type: "text", text: "This one:" },
            { type: "image", url },
          ],
        },
      ],
    } as Transcript;
    const anthropic = anthropicConverter.requestFromCanonical(document);
    const bedrock = bedrockConverseConverter.requestFromCanonical(document);
    const gemini = geminiConverter.requestFromCanonical(document);
    expect([anthropic.ok, bedrock.ok, gemini.ok]).toEqual([true, true, true]);
    const anthropicSource = anthropic.ok ? (anthropic.value.messages[0]?.content as { source?: unknown }[])[1] : null;
    const bedrockBlocks = bedrock.ok ? bedrock.value.messages?.[0]?.content?.slice(1) : null;
    const geminiPart = gemini.ok ? gemini.value.contents?.[0]?.parts?.[1] : null;
    expect(anthropicSource).toMatchObject({
      source:
        inline === undefined
          ? { type: "url", url }
          : { type: "base64", media_type: inline.mediaType, data: inline.data },
    });
    // Bedrock takes inline bytes only, and of four image types; anything else is left out.
    expect(bedrockBlocks).toEqual(
      inline?.mediaType === "image/png" ? [{ image: { format: "png", source: { bytes: inline.data } } }] : [],
    );
    expect(geminiPart).toEqual(
      inline === undefined
        ? { fileData: { fileUri: url } }
        : { inlineData: { mimeType: inline.mediaType, data: inline.data } },
    );
  });
});

describe("inline media without a media type", () => {
  const document = {
    schema_version: "1.0.0",
    id: "t",
    messages: [{ role: "user", parts: [{ type: "image", data: "AAAA" }] }],
  } as Transcript;
  const assumed = (mediaType: string) => ({
    code: "value-assumed",
    path: "/messages/0/parts/0/media_type",
    message: `an inline image without a media type is sent as ${mediaType}`,
  });

  it("is written as a data URL of the assumed type with the same warning by every writer of data URLs", () => {
    const chat = openaiChatConverter.requestFromCanonical(document);
    expect(chat.ok && chat.value.messages[0]?.content).toEqual([
      { type: "image_url", image_url: { url: "data:image/png;base64,AAAA" } },
    ]);
    expect(chat.warnings).toContainEqual(assumed("image/png"));
    const mistral = mistralConverter.requestFromCanonical(document);
    expect(mistral.warnings).toContainEqual(assumed("image/png"));
    const responses = openaiResponsesConverter.requestFromCanonical(document);
    expect(responses.ok && responses.value.input).toEqual([
      { role: "user", content: [{ type: "input_image", image_url: "data:image/png;base64,AAAA", detail: "auto" }] },
    ]);
    expect(responses.warnings).toContainEqual(assumed("image/png"));
    const warp = warpExportConverter.fromCanonical(document);
    expect(warp.ok && warp.value.messages[0]?.content).toEqual([
      { type: "image", data_uri: "data:application/octet-stream;base64,AAAA" },
    ]);
    expect(warp.warnings).toContainEqual(assumed("application/octet-stream"));
  });
});
