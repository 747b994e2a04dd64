// Stands in for node:zlib in the browser bundle (vite.config.ts). The viewer decompresses gzip itself with
// DecompressionStream and hands core text, so core's gzip branch is never taken here.
export function gunzipSync(): never {
  throw new Error("gzip is decompressed by the viewer before decoding");
}
