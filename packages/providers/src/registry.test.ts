import type { SourceFormat, Tolerant, Transcript } from "@agent-transcript/core";
import { sourceFormats } from "@agent-transcript/core/vocabularies";
import { loadRealFixtures } from "@agent-transcript/fixtures/real-fixtures";
import { describe, expect, expectTypeOf, it } from "vitest";
import {
  describeFormat,
  documentConverters,
  formatIds,
  formatRegistry,
  isDocumentFormatId,
  isFormatId,
  isProviderFormatId,
  isSessionExportFormatId,
  isSessionFormatId,
  payloadFromCanonical,
  payloadToCanonical,
  providerConverters,
  sessionExporters,
  sessionImporters,
  type FormatId,
  type ProviderFormatId,
} from "./registry.js";
import type { FormatRegistry } from "./index.js";

const providerIds = ["anthropic", "bedrock-converse", "gemini", "mistral", "ollama", "openai-chat", "openai-responses"];
const documentIds = ["devflow", "portable", "warp-export"];
const sessionIds = ["atif", "awf-transcript", "claude-code", "codex", "gemini-cli", "otlp-json"];
// The session formats that are also written (interchange formats).
const exportedSessionIds = ["atif", "awf-transcript"];

describe("format ids", () => {
  it("recognise exactly the supported formats", () => {
    expect(formatIds.every(isFormatId)).toBe(true);
    expect([...formatIds].sort()).toEqual([...providerIds, ...documentIds, ...sessionIds].sort());
    expect(isFormatId("openai")).toBe(false);
    expect(isFormatId("agent-transcript")).toBe(false);
    expect(isFormatId("toString")).toBe(false);
    expect(isFormatId("__proto__")).toBe(false);
  });

  it("describe every format", () => {
    for (const id of formatIds) {
      expect(describeFormat(id).length).toBeGreaterThan(10);
      expect(describeFormat(id)).not.toMatch(/\bseed/i);
    }
  });

  it("are members of the schema's SourceFormat vocabulary, checked by the compiler too", () => {
    for (const id of formatIds) expect(sourceFormats).toContain(id);
    expectTypeOf<FormatId>().toExtend<SourceFormat>();
    // @ts-expect-error an id outside the SourceFormat vocabulary does not compile
    const misspelt: FormatRegistry = { "open-ai": formatRegistry.anthropic };
    expect(misspelt).toBeDefined();
  });

  it("list each converter under its own id", () => {
    for (const [id, entry] of Object.entries(formatRegistry))
      expect(entry.kind === "session" ? entry.importer.id : entry.converter.id).toBe(id);
  });
});

describe("providerConverters", () => {
  it("has the converter of every provider format id, under its own id, and nothing else", () => {
    expect(Object.keys(providerConverters).sort()).toEqual(providerIds);
    expect(Object.keys(providerConverters).sort()).toEqual(
      formatIds.filter((id) => !isDocumentFormatId(id) && !isSessionFormatId(id)).sort(),
    );
    for (const [id, format] of Object.entries(providerConverters)) {
      expect(format.id).toBe(id);
      expect(typeof format.requestToCanonical).toBe("function");
      expect(typeof format.checkRequest).toBe("function");
    }
    expect(isProviderFormatId("mistral")).toBe(true);
    expect(isProviderFormatId("portable")).toBe(false);
    expect(isProviderFormatId("__proto__")).toBe(false);
  });
});

describe("documentConverters", () => {
  it("has the converter of every document format id, under its own id, and nothing else", () => {
    expect(Object.keys(documentConverters).sort()).toEqual(documentIds);
    for (const [id, format] of Object.entries(documentConverters)) {
      expect(format.id).toBe(id);
      expect(typeof format.toCanonical).toBe("function");
      expect(typeof format.fromCanonical).toBe("function");
    }
    expect(isDocumentFormatId("warp-export")).toBe(true);
    expect(isDocumentFormatId("anthropic")).toBe(false);
    expect(isDocumentFormatId("constructor")).toBe(false);
  });

  it("honour strict: any loss fails the conversion, each warning becoming an error at its path", () => {
    const lossy = {
      schema_version: "1.0.0",
      id: "registry-example",
      messages: [
        {
          id: "1",
          role: "assistant" as const,
          parts: [
            { type: "text" as const, text: "Hello" },
            { type: "refusal" as const, text: "No" },
          ],
        },
      ],
    };
    for (const [id, format] of Object.entries(documentConverters)) {
      const lenient = format.fromCanonical(lossy);
      expect(lenient.ok, id).toBe(true);
      expect(lenient.warnings, id).toContainEqual(
        expect.objectContaining({ code: "part-dropped", path: "/messages/0/parts/1" }),
      );
      expect(format.fromCanonical(lossy, { strict: true }), id).toEqual({
        ok: false,
        errors: lenient.warnings.map((warning) => ({
          path: warning.path,
          message: `${warning.code}: ${warning.message}`,
        })),
        warnings: lenient.warnings,
      });
    }
  });

  it("convert a document both ways, each writing its own id as the source format", () => {
    for (const [id, format] of Object.entries(documentConverters)) {
      const written = format.fromCanonical({
        schema_version: "1.0.0",
        id: "registry-example",
        messages: [{ id: "1", role: "user", parts: [{ type: "text", text: "Hello" }] }],
      });
      if (!written.ok) throw new Error(`${id}: ${JSON.stringify(written.errors)}`);
      const read = format.toCanonical(written.value);
      if (!read.ok) throw new Error(`${id}: ${JSON.stringify(read.errors)}`);
      expect(read.document.source?.format, id).toBe(id);
      expect(
        read.document.messages.flatMap((message) => message.parts),
        id,
      ).toEqual([{ type: "text", text: "Hello" }]);
    }
  });
});

describe("sessionImporters", () => {
  it("has the importer of every session format id, under its own id, and nothing else", () => {
    expect(Object.keys(sessionImporters).sort()).toEqual(sessionIds);
    for (const [id, importer] of Object.entries(sessionImporters)) {
      expect(importer.id).toBe(id);
      expect(typeof importer.begin).toBe("function");
      expect(typeof importer.detect).toBe("function");
      expect(typeof importer.relatedFiles).toBe("function");
    }
    expect(isSessionFormatId("claude-code")).toBe(true);
    expect(isSessionFormatId("devflow")).toBe(false);
    expect(isSessionFormatId("hasOwnProperty")).toBe(false);
  });

  it("has an exporter for each interchange format, under its own id, and none for an import-only format", () => {
    expect(Object.keys(sessionExporters).sort()).toEqual(exportedSessionIds);
    for (const [id, exporter] of Object.entries(sessionExporters)) {
      expect(exporter?.id).toBe(id);
      expect(isSessionExportFormatId(id)).toBe(true);
    }
    expect(isSessionExportFormatId("claude-code")).toBe(false);
    expect(isSessionExportFormatId("constructor")).toBe(false);
  });

  it("read no text as a session of two formats, and an empty text as none", () => {
    for (const [id, importer] of Object.entries(sessionImporters)) {
      expect(importer.detect([]), id).toBe(false);
      expect(importer.detect(["", "not json", "[]", "{}"]), id).toBe(false);
    }
  });
});

describe("payloadToCanonical", () => {
  // Every real request, response and stream of a provider API, with the kind the fixtures record: the same document
  // as the format's converter gives when called for that kind by hand.
  const payloads = loadRealFixtures()
    .flatMap((file) => file.payloads)
    .flatMap((payload) =>
      !isProviderFormatId(payload.api) || payload.kind === "error"
        ? []
        : [
            {
              format: payload.api as ProviderFormatId,
              kind: payload.kind,
              value: payload.kind === "stream" ? payload.chunks : payload.value,
              origin: payload.origin,
            },
          ],
    );

  it("converts each real payload as its format's converter does for that kind", () => {
    expect(payloads.length).toBeGreaterThan(100);
    for (const { format, kind, value, origin } of payloads) {
      const converter = providerConverters[format];
      const direct =
        kind === "stream"
          ? converter.streamToCanonical(value as unknown[])
          : kind === "response"
            ? converter.responseToCanonical(value)
            : converter.requestToCanonical(value);
      expect(payloadToCanonical(format, kind, value), origin).toEqual(direct);
    }
  });

  it("reads a single stream event as a stream of one, and another system's document by its converter", () => {
    const stream = payloads.find((payload) => payload.kind === "stream");
    if (stream === undefined) throw new Error("no real stream");
    const [first] = stream.value as unknown[];
    expect(payloadToCanonical(stream.format, "stream", first)).toEqual(
      providerConverters[stream.format].streamToCanonical([first]),
    );
    const portable = [{ role: "user", content: "hi" }];
    expect(payloadToCanonical("portable", "document", portable)).toEqual(
      documentConverters.portable.toCanonical(portable),
    );
  });
});

describe("payloadFromCanonical", () => {
  const realPayloads = loadRealFixtures()
    .flatMap((file) => file.payloads)
    .flatMap((payload) =>
      !isProviderFormatId(payload.api) || payload.kind === "error"
        ? []
        : [
            {
              format: payload.api as ProviderFormatId,
              kind: payload.kind,
              value: payload.kind === "stream" ? payload.chunks : payload.value,
              origin: payload.origin,
            },
          ],
    );
  const hello: Tolerant.Transcript = {
    schema_version: "1.0.0",
    id: "registry-example",
    messages: [{ id: "1", role: "user", parts: [{ type: "text", text: "Hello" }] }],
  };

  it("writes each real payload's document back as its format's converter does for that kind, a request checked", () => {
    expect(realPayloads.length).toBeGreaterThan(100);
    for (const { format, kind, value, origin } of realPayloads) {
      const read = payloadToCanonical(format, kind, value);
      if (!read.ok) continue;
      const converter = providerConverters[format];
      const direct =
        kind === "stream"
          ? converter.streamFromCanonical(read.document)
          : kind === "response"
            ? converter.responseFromCanonical(read.document)
            : converter.requestFromCanonical(read.document);
      if (!direct.ok) throw new Error(`${origin}: ${JSON.stringify(direct.errors)}`);
      expect(payloadFromCanonical(format, kind, read.document), origin).toEqual({
        ok: true,
        value: direct.value,
        kind,
        warnings: direct.warnings,
        problems: kind === "request" ? converter.checkRequest(direct.value) : [],
        related: [],
      });
    }
  });

  it("passes the options on to the format's converter", () => {
    const written = payloadFromCanonical("anthropic", "request", hello, { settings: { model: "claude-opus-4-1" } });
    if (!written.ok) throw new Error(JSON.stringify(written.errors));
    expect(written.value).toMatchObject({ model: "claude-opus-4-1" });
    expect(written.problems).toEqual(providerConverters.anthropic.checkRequest(written.value));
    const lossy: Tolerant.Transcript = {
      ...hello,
      messages: [
        {
          id: "1",
          role: "user",
          parts: [
            { type: "text", text: "Hello" },
            { type: "refusal", text: "No" },
          ],
        },
      ],
    };
    const strict = payloadFromCanonical("anthropic", "response", lossy, { strict: true });
    expect(strict).toEqual(providerConverters.anthropic.responseFromCanonical(lossy, { strict: true }));
    expect(strict.ok).toBe(false);
  });

  it("writes another system's document by its converter, and an interchange format's files, the main one first", () => {
    expect(payloadFromCanonical("portable", "request", hello)).toEqual({
      ...documentConverters.portable.fromCanonical(hello),
      kind: "document",
      problems: [],
      related: [],
    });
    for (const id of exportedSessionIds) {
      const files = sessionExporters[id as "atif"]?.fromCanonical(hello as Transcript, { name: "main.json" });
      if (files === undefined || !files.ok) throw new Error(`${id}: no export`);
      expect(payloadFromCanonical(id as FormatId, "request", hello, { name: "main.json" }), id).toEqual({
        ok: true,
        value: files.files[0]?.text,
        kind: "document",
        warnings: files.warnings,
        problems: [],
        related: files.files.slice(1),
      });
    }
  });

  it("refuses an import-only session format: an agent's sessions are read, never written", () => {
    for (const id of sessionIds.filter((id) => !exportedSessionIds.includes(id)))
      expect(payloadFromCanonical(id as FormatId, "request", hello), id).toEqual({
        ok: false,
        errors: [{ path: "", message: `${id} cannot be written` }],
        warnings: [],
      });
  });

  it("keeps the nesting limit in both directions for every provider and document format", () => {
    let deep: unknown = "bottom";
    for (let level = 0; level < 600; level += 1) deep = [deep];
    const nested: Tolerant.Transcript = { ...hello, metadata: { deep } as Tolerant.Transcript["metadata"] };
    for (const id of [...providerIds, ...documentIds] as FormatId[]) {
      expect(payloadFromCanonical(id, "request", nested), id).toMatchObject({
        ok: false,
        errors: [{ path: expect.stringMatching(/^\/metadata\/deep(\/0)+$/) }],
      });
      const read = payloadToCanonical(id as ProviderFormatId, isDocumentFormatId(id) ? "document" : "request", deep);
      expect(read.ok, id).toBe(false);
    }
  });
});
