/**
 * The Node built-ins core uses when it runs on Node, found at run time and never imported: the root entry loads in
 * any JavaScript runtime (a browser bundles it as it is, with no stand-ins), and on Node it keeps the native speed
 * and the synchronous gzip a static import gave. `process.getBuiltinModule` is Node's way to do this (since 20.16;
 * the engines field asks for 20.19; other runtimes that provide it are served the same way). Where it is missing,
 * each caller has a portable path: in JavaScript (UTF-8 checks, byte lengths, base64), or a clear error (gzip, which
 * no browser API decompresses synchronously: the caller decompresses first, with `DecompressionStream`).
 */

/** What core uses of `node:buffer`. */
export interface NodeBufferModule {
  isUtf8(bytes: Uint8Array): boolean;
  Buffer: {
    byteLength(text: string, encoding: "utf8"): number;
    allocUnsafe(size: number): NodeBuffer;
  };
}

/** What core uses of a Node `Buffer`: writing a string's code units' low bytes (`latin1`). */
export interface NodeBuffer extends Uint8Array {
  write(text: string, offset: number, encoding: "latin1"): number;
}

/** What core uses of `node:zlib`. */
export interface NodeZlibModule {
  gunzipSync(bytes: Uint8Array, options: { maxOutputLength: number }): Uint8Array;
}

type GetBuiltinModule = (id: string) => unknown;

function builtinModule(id: string): unknown {
  const host = (globalThis as { process?: { getBuiltinModule?: GetBuiltinModule } }).process;
  const getBuiltinModule = host?.getBuiltinModule;
  return typeof getBuiltinModule === "function" ? getBuiltinModule.call(host, id) : undefined;
}

/** `node:buffer` on Node (and runtimes that provide it), undefined elsewhere. Always loaded on Node: no cost. */
export const nodeBuffer = builtinModule("node:buffer") as NodeBufferModule | undefined;

let zlib: NodeZlibModule | null | undefined;

/** `node:zlib` on Node (and runtimes that provide it), undefined elsewhere. Looked up on first use. */
export function nodeZlib(): NodeZlibModule | undefined {
  if (zlib === undefined) zlib = (builtinModule("node:zlib") as NodeZlibModule | undefined) ?? null;
  return zlib ?? undefined;
}
