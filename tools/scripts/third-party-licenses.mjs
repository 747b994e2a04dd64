// The licences of the packages a bundle holds (MIT, BSD, ISC and the like ask that their notice go with every copy),
// as one text: a section per package, in name order, each with its name, version, licence and licence file. Used by
// the CLI's bundle (scripts/bundle-command.mjs) and the viewer's (vite.config.ts), each from the module paths its
// bundler reports.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** The folder of the package a bundled module came from (`…/node_modules/<name>` or `…/node_modules/@scope/name`). */
export function packageRootOf(modulePath) {
  const match = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(modulePath.replaceAll("\\", "/"));
  return match === null ? undefined : match[1];
}

/** The licences text of the packages at `roots` (absolute folders), under `header`. */
export function thirdPartyLicenses(roots, header) {
  const sections = [...new Set(roots)].map((root) => {
    const manifest = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
    const licenceFile = readdirSync(root).find((name) => /^(?:licen[cs]e|copying)(?:\.|$)/i.test(name));
    const text =
      licenceFile === undefined
        ? `(no licence file; package.json says ${manifest.license})`
        : readFileSync(path.join(root, licenceFile), "utf8").trim();
    return { name: manifest.name, heading: `${manifest.name} ${manifest.version} (${manifest.license})`, text };
  });
  sections.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const rule = (heading) => "=".repeat(heading.length);
  return `${header}\n${sections.map(({ heading, text }) => `\n${rule(heading)}\n${heading}\n${rule(heading)}\n\n${text}\n`).join("")}`;
}
