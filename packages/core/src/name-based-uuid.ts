/**
 * Name-based UUIDs (RFC 9562, version 5): where a format needs a UUID and a document holds another kind of id (an
 * event log's run id, written from a Claude Code sub-agent named `a485154` or a payload's fingerprint id), the same id
 * always gives the same UUID — a child run's file name, its lines and its parent's link agree without a table — and
 * different ids practically never share one.
 *
 * SHA-1 is written here rather than taken from `node:crypto`: core runs in browsers too (the viewer), where the Web
 * Crypto digest is asynchronous. Version 5 uses SHA-1 for naming only, not for security.
 */

/** The namespace of the ids Agent Transcript writes as UUIDs (a random UUID fixed once: changing it renames every run). */
export const agentTranscriptNamespace = "5b0f7c2e-93d4-4a61-b8e5-2c7d1f6a0e94";

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `id` is a UUID in its plain hyphenated form (what JSON Schema's `uuid` format and a file name both take). */
export function isUuid(id: string): boolean {
  return uuidPattern.test(id);
}

const encoder = new TextEncoder();

/** The version 5 UUID of `name` in `namespace` (itself a UUID; by default {@link agentTranscriptNamespace}). */
export function nameBasedUuid(name: string, namespace: string = agentTranscriptNamespace): string {
  if (!isUuid(namespace)) throw new TypeError(`the namespace must be a UUID, not ${JSON.stringify(namespace)}`);
  const hex = namespace.replaceAll("-", "");
  const nameBytes = encoder.encode(name);
  const message = new Uint8Array(16 + nameBytes.length);
  for (let index = 0; index < 16; index += 1) message[index] = Number.parseInt(hex.slice(index * 2, index * 2 + 2), 16);
  message.set(nameBytes, 16);
  const digest = sha1(message);
  digest[6] = ((digest[6] as number) & 0x0f) | 0x50;
  digest[8] = ((digest[8] as number) & 0x3f) | 0x80;
  let out = "";
  for (let index = 0; index < 16; index += 1) {
    if (index === 4 || index === 6 || index === 8 || index === 10) out += "-";
    out += (digest[index] as number).toString(16).padStart(2, "0");
  }
  return out;
}

/** SHA-1 (FIPS 180-4) of `bytes`: 20 bytes. */
export function sha1(bytes: Uint8Array): Uint8Array {
  // The message, a 1 bit, zeros, and its length in bits as a 64-bit big-endian number, to a multiple of 64 bytes.
  const paddedLength = Math.ceil((bytes.length + 9) / 64) * 64;
  const padded = new Uint8Array(paddedLength);
  padded.set(bytes);
  padded[bytes.length] = 0x80;
  const view = new DataView(padded.buffer);
  const bits = bytes.length * 8;
  view.setUint32(paddedLength - 8, Math.floor(bits / 0x100000000));
  view.setUint32(paddedLength - 4, bits >>> 0);
  let h0 = 0x67452301;
  let h1 = 0xefcdab89;
  let h2 = 0x98badcfe;
  let h3 = 0x10325476;
  let h4 = 0xc3d2e1f0;
  const words = new Uint32Array(80);
  for (let block = 0; block < paddedLength; block += 64) {
    for (let index = 0; index < 16; index += 1) words[index] = view.getUint32(block + index * 4);
    for (let index = 16; index < 80; index += 1) {
      const mixed =
        (words[index - 3] as number) ^
        (words[index - 8] as number) ^
        (words[index - 14] as number) ^
        (words[index - 16] as number);
      words[index] = (mixed << 1) | (mixed >>> 31);
    }
    let a = h0;
    let b = h1;
    let c = h2;
    let d = h3;
    let e = h4;
    for (let index = 0; index < 80; index += 1) {
      let f: number;
      let k: number;
      if (index < 20) {
        f = (b & c) | (~b & d);
        k = 0x5a827999;
      } else if (index < 40) {
        f = b ^ c ^ d;
        k = 0x6ed9eba1;
      } else if (index < 60) {
        f = (b & c) | (b & d) | (c & d);
        k = 0x8f1bbcdc;
      } else {
        f = b ^ c ^ d;
        k = 0xca62c1d6;
      }
      const next = (((a << 5) | (a >>> 27)) + f + e + k + (words[index] as number)) >>> 0;
      e = d;
      d = c;
      c = (b << 30) | (b >>> 2);
      b = a;
      a = next;
    }
    h0 = (h0 + a) >>> 0;
    h1 = (h1 + b) >>> 0;
    h2 = (h2 + c) >>> 0;
    h3 = (h3 + d) >>> 0;
    h4 = (h4 + e) >>> 0;
  }
  const out = new Uint8Array(20);
  const outView = new DataView(out.buffer);
  [h0, h1, h2, h3, h4].forEach((word, index) => outView.setUint32(index * 4, word));
  return out;
}
