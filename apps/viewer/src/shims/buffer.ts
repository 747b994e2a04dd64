// Stands in for node:buffer in the browser bundle (vite.config.ts): core checks UTF-8 with it; the platform's
// validating decoder gives the same answer.
const fatal = new TextDecoder("utf-8", { fatal: true });

export function isUtf8(bytes: Uint8Array): boolean {
  try {
    fatal.decode(bytes);
    return true;
  } catch {
    return false;
  }
}
