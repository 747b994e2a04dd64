/**
 * `export --format html`: one self-contained file that opens offline from file://. The viewer's script and
 * stylesheet are inlined, allowed by their hashes in the page's Content-Security-Policy (nothing else may run or
 * load: no remote script, style, image, font or connection); the document travels gzip-compressed and base64-encoded
 * in script elements of a type that never runs, and the viewer decompresses it with DecompressionStream.
 *
 * A large run is paged: the first element holds the document with its first messages (a valid document by itself,
 * small enough to draw at once), and the rest of the messages follow in pages of about a mebibyte of JSON each, which
 * the viewer reads after the first frame, a page at a time, so the page answers while it reads. Each page is its own
 * gzip member: the compression window is 32 KiB, so cutting at a mebibyte costs next to nothing in size.
 */
import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import type { Tolerant } from "@agent-transcript/core";
import { messagePages, pagedDocument } from "./message-pages.js";
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

const encoded = (json: string): string => gzipSync(json, { level: 9 }).toString("base64");

export async function renderHtmlExport(document: Tolerant.Transcript): Promise<string> {
  const assets = await readViewerAssets();
  // "</script" inside the bundle would end the element early; "<\/script" means the same to JavaScript.
  const script = assets.script.replace(/<\/(script)/gi, "<\\/$1");
  const style = assets.style;
  const paged = pagedDocument(document);
  // The pages after the first, cut as the head was (its messages are the first page's).
  const rest = paged.headMessages === paged.total ? [] : messagePages(document.messages).slice(1);
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
    `<script type="application/x-agent-transcript+gzip+base64" id="agent-transcript-data" data-name="${escapeHtml(title)}" data-messages="${document.messages.length}"${paged.metadata === undefined ? "" : ' data-metadata="last"'}>${encoded(paged.head)}</script>`,
    // Async, and before the later pages: the viewer starts and draws the first page while the parser is still
    // reading the rest of a large file (it waits for the document to be parsed before it reads them).
    `<script type="module" async>${script}</script>`,
    ...rest.map(
      (page) =>
        `<script type="application/x-agent-transcript-messages+gzip+base64" class="agent-transcript-messages" data-first="${page.first}">${encoded(page.json)}</script>`,
    ),
    ...(paged.metadata === undefined
      ? []
      : [
          `<script type="application/x-agent-transcript-metadata+gzip+base64" id="agent-transcript-metadata">${encoded(paged.metadata)}</script>`,
        ]),
    "</body>",
    "</html>",
    "",
  ].join("\n");
}
