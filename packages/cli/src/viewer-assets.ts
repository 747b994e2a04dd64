/**
 * The built viewer (apps/viewer) the CLI ships, in dist/viewer/ (installation.ts). Used by `view` (served as they
 * are) and by `export --format html` (inlined).
 */
import { readFile } from "node:fs/promises";
import { viewerDirectory } from "./installation.js";

export interface ViewerAssets {
  html: string;
  script: string;
  style: string;
}

export async function readViewerAssets(): Promise<ViewerAssets> {
  const read = (name: string) => readFile(new URL(name, viewerDirectory), "utf8");
  try {
    const [html, script, style] = await Promise.all([read("index.html"), read("viewer.js"), read("viewer.css")]);
    return { html, script, style };
  } catch (error) {
    throw new Error(
      `the viewer is not built beside the CLI (${viewerDirectory.pathname}): run pnpm build (${error instanceof Error ? error.message : String(error)})`,
      { cause: error },
    );
  }
}
