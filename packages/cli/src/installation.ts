/**
 * The package's own files, found from this module's URL. It sits one level below package.json wherever it runs: as
 * src/installation.ts under the tests, as tsc's dist/installation.js, and inside a chunk of the bundled command, which
 * also sits in dist/ (scripts/bundle-command.mjs). A module deeper in the tree asks here rather than counting `../`
 * from its own URL, which bundling changes.
 */
export const packageRoot = new URL("../", import.meta.url);

/**
 * The built viewer (apps/viewer), copied into dist/viewer/ by the build: `view` serves it, `export --format html`
 * inlines it.
 */
export const viewerDirectory = new URL("dist/viewer/", packageRoot);

/**
 * The shipped JSON Schemas (schemas/v1/ and any later major), copied into dist/schemas/ by the build: `schema` lists
 * and prints them.
 */
export const schemasDirectory = new URL("dist/schemas/", packageRoot);

/** The package's manifest, for its version. */
export const packageJsonFile = new URL("package.json", packageRoot);
