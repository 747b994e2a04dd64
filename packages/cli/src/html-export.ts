/**
 * `export --format html`: one self-contained file that opens offline from file://. The viewer's script and
 * stylesheet are inlined, allowed by their hashes in the page's Content-Security-Policy (nothing else may run or
 * load: no remote script, style, image, font or connection); the document travels gzip-compressed and base64-encoded
 * in a script element of a type that never runs, and the viewer decompresses it with DecompressionStream.
 */
import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import type { Tolerant } from "@agent-transcript/core";
import { readViewerAssets } from "./viewer-assets.js";

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

const sha256 = (text: string): string => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

/** The page's policy: only the inlined script and style, images only from data: (inline images of the transcript). */
export function htmlExportPolicy(script: string, style: string): string {
  return [
    "default-src 'none'",
    `script-src ${sha256(script)}`,
    `style-src ${sha256(style)}`,
    "img-src data: blob:",
    "base-uri 'none'",
    "form-action 'none'",
  ].join("; ");
}

export async function renderHtmlExport(document: Tolerant.Transcript): Promise<string> {
  const assets = await readViewerAssets();
  // "</script" inside the bundle would end the element early; "<\/script" means the same to JavaScript.
  const script = assets.script.replace(/<\/(script)/gi, "<\\/$1");
  const style = assets.style;
  const data = gzipSync(JSON.stringify(document), { level: 9 }).toString("base64");
  const title = document.title ?? document.id;
  return [
    "<!doctype html>",
    '<html lang="en">',
    "<head>",
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${htmlExportPolicy(script, style)}">`,
    '<meta name="referrer" content="no-referrer">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)} · Agent Transcript</title>`,
    `<style>${style}</style>`,
    "</head>",
    "<body>",
    '<div id="app"></div>',
    `<script type="application/x-agent-transcript+gzip+base64" id="agent-transcript-data" data-name="${escapeHtml(title)}">${data}</script>`,
    `<script type="module">${script}</script>`,
    "</body>",
    "</html>",
    "",
  ].join("\n");
}
