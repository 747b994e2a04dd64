import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { agentTranscriptNamespace, isUuid, nameBasedUuid, sha1 } from "./name-based-uuid.js";

describe("sha1", () => {
  it("gives FIPS 180's answers", () => {
    const hex = (text: string) => Buffer.from(sha1(new TextEncoder().encode(text))).toString("hex");
    expect(hex("abc")).toBe("a9993e364706816aba3e25717850c26c9cd0d89d");
    expect(hex("")).toBe("da39a3ee5e6b4b0d3255bfef95601890afd80709");
    expect(hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")).toBe(
      "84983e441c3bd26ebaae4aa1f95129e5e54670f1",
    );
  });

  it("agrees with node:crypto for any bytes, across block boundaries (generated)", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        expect(Buffer.from(sha1(bytes)).toString("hex")).toBe(createHash("sha1").update(bytes).digest("hex"));
      }),
    );
  });
});

describe("nameBasedUuid", () => {
  it("gives RFC 9562's version 5 UUIDs (the DNS namespace's known answer)", () => {
    expect(nameBasedUuid("www.example.com", "6ba7b810-9dad-11d1-80b4-00c04fd430c8")).toBe(
      "2ed6657d-e927-568b-95e1-2665a8aea6a2",
    );
  });

  it("is stable, a UUID, and tells different names apart", () => {
    const ids = ["a485154", "agent-1", "agent-2", "", "ü/../x"].map((name) => nameBasedUuid(name));
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(isUuid(id)).toBe(true);
    expect(nameBasedUuid("a485154")).toBe(ids[0]);
    expect(isUuid(agentTranscriptNamespace)).toBe(true);
  });

  it("refuses a namespace that is not a UUID", () => {
    expect(() => nameBasedUuid("x", "not-a-uuid")).toThrow(TypeError);
  });
});
