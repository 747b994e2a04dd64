// The architecture rules of ARCHITECTURE.md, checked on every `pnpm test` (`pnpm check:architecture`).
// Paths are real paths: a workspace package imported by name resolves to its folder under packages/ or tools/.
const testFile = "\\.test(\\.helpers)?\\.ts$";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "core-imports-no-package",
      comment: "core is the bottom layer: it imports no other package of ours.",
      severity: "error",
      from: { path: "^packages/core/src/", pathNot: testFile },
      to: { path: "^packages/(?!core/)[^/]+/" },
    },
    {
      name: "core-imports-no-node-builtins",
      comment:
        "core runs in any JavaScript runtime (the viewer bundles it for browsers as it is): no Node built-in. What it uses of Node when it runs there is found at run time with process.getBuiltinModule (src/node-builtins.ts), with a portable path beside it.",
      severity: "error",
      from: { path: "^packages/core/src/", pathNot: testFile },
      to: { dependencyTypes: ["core"] },
    },
    {
      name: "layers-point-down",
      comment:
        "providers and recorder build on core only; they never import each other or the CLI. The exceptions are the recorder's SDK instrumentation and its live OpenTelemetry export (next rules).",
      severity: "error",
      from: {
        path: "^packages/(providers|recorder)/src/",
        pathNot: [testFile, "^packages/recorder/src/(instrument|otel)/"],
      },
      to: { path: "^packages/(?!core/|$1/)[^/]+/" },
    },
    {
      name: "providers-node-builtins-in-the-node-entry",
      comment:
        "The providers' root entry is for any JavaScript runtime: file access and other Node built-ins belong to the Node entry (src/node.ts, src/node/), with no exception.",
      severity: "error",
      from: {
        path: "^packages/providers/src/",
        pathNot: [testFile, "^packages/providers/src/node(\\.ts$|/)"],
      },
      to: { dependencyTypes: ["core"] },
    },
    {
      name: "instrumentation-reads-payloads-through-providers",
      comment:
        "The recorder's SDK instrumentation (src/instrument/, the `/instrument` entry point) reads provider payloads with the providers' converters, and its live OpenTelemetry export (src/otel/, the `/otel` entry point) makes spans with the providers' trace export: they may import core and providers, never the CLI.",
      severity: "error",
      from: { path: "^packages/recorder/src/(instrument|otel)/", pathNot: testFile },
      to: { path: "^packages/(?!core/|recorder/|providers/)[^/]+/" },
    },
    {
      name: "only-instrumentation-imports-providers",
      comment:
        "The rest of the recorder never imports its instrumentation or its OpenTelemetry export, so the root entry point `@agent-transcript/recorder` loads no converter and no OpenTelemetry package.",
      severity: "error",
      from: { path: "^packages/recorder/src/(?!instrument/|otel/)", pathNot: testFile },
      to: { path: "^packages/recorder/src/(instrument|otel)/" },
    },
    {
      name: "shipped-code-imports-no-tools",
      comment:
        "tools/* (codegen, fixtures, bench, demo, setup) serve tests, benchmarks and the demo, never shipped code.",
      severity: "error",
      from: { path: "^packages/[^/]+/src/", pathNot: testFile },
      to: { path: "^tools/" },
    },
    {
      name: "no-bindings-imports",
      comment: "The language bindings are generated for other languages; no TypeScript code depends on them.",
      severity: "error",
      from: { pathNot: "^packages/bindings-" },
      to: { path: "^packages/bindings-" },
    },
    {
      name: "packages-use-public-entry-points",
      comment: "Another package is imported by its name and exports, never by a path into its sources.",
      severity: "error",
      from: { path: "^packages/([^/]+)/" },
      to: { path: "^packages/[^/]+/src/", pathNot: "^packages/$1/", dependencyTypes: ["local"] },
    },
    {
      name: "formats-are-independent",
      comment: "A format folder never imports another: shared code lives in conversion/ or families/<family>/.",
      severity: "error",
      from: { path: "^packages/providers/src/formats/([^/]+)/" },
      to: { path: "^packages/providers/src/formats/", pathNot: "^packages/providers/src/formats/$1/" },
    },
    {
      name: "families-are-below-formats",
      comment: "A family fold serves its member formats; it never imports a format folder or another family.",
      severity: "error",
      from: { path: "^packages/providers/src/families/([^/]+)/" },
      to: {
        path: "^packages/providers/src/(formats|families)/",
        pathNot: "^packages/providers/src/families/$1/",
      },
    },
    {
      name: "conversion-toolkit-is-the-base",
      comment: "The conversion toolkit is what every converter uses; it imports no converter.",
      severity: "error",
      from: { path: "^packages/providers/src/conversion/" },
      to: { path: "^packages/providers/src/(formats|families)/" },
    },
    {
      name: "command-line-start-up-loads-no-command",
      comment:
        "The command line's start-up (bin, cli, io, the input limits, the command definitions, where the package's files are) loads commander, Node built-ins and core's light JSON entry only: each command's code (its run.ts), and the packages behind it, are imported dynamically when that command runs, so --version and --help start fast (the CLI README, 'Start-up').",
      severity: "error",
      from: { path: "^packages/cli/src/(bin|cli|io|input/limits|command-definition|commands/[^/]+/definition)\\.ts$" },
      to: {
        dependencyTypesNot: ["type-only", "dynamic-import", "core"],
        pathNot: [
          "^packages/cli/src/(cli|io|installation|input/limits|command-definition|commands/[^/]+/definition)\\.ts$",
          "node_modules/commander/",
          "^packages/core/src/json\\.ts$",
        ],
      },
    },
    {
      name: "commands-are-independent",
      comment: "A CLI command never imports another: what commands share lives beside them in packages/cli/src.",
      severity: "error",
      from: { path: "^packages/cli/src/commands/([^/.]+)" },
      to: { path: "^packages/cli/src/commands/", pathNot: "^packages/cli/src/commands/$1[./]" },
    },
    {
      name: "viewer-runs-in-browsers",
      comment:
        "The viewer (apps/viewer) runs in browsers: of our packages it imports core only, through its public entry points, and no Node built-in; never the tools. Its tests drive a browser from Node and may import anything.",
      severity: "error",
      from: { path: "^apps/viewer/src/", pathNot: testFile },
      to: {
        path: [
          "^packages/(?!core/)[^/]+/",
          "^packages/core/src/(?!(index|json|validators|vocabularies)\\.ts$)",
          "^tools/",
        ],
      },
    },
    {
      name: "viewer-imports-no-node-builtins",
      comment: "The viewer's shipped code runs in browsers: no Node built-in.",
      severity: "error",
      from: { path: "^apps/viewer/src/", pathNot: testFile },
      to: { dependencyTypes: ["core"] },
    },
    {
      name: "no-circular",
      comment:
        "A cycle of imports makes module initialisation order matter and hides a missing layer; type imports count too (issue #23): two files that must name each other's types are one unit, or share a third file that names neither.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "not-to-unresolvable",
      comment: "Every import resolves.",
      severity: "error",
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|dist|target|\\.turbo|\\.tmp)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.base.json" },
    // Only its `resolve.alias`: workspace packages resolve to their sources (see the file).
    webpackConfig: { fileName: ".dependency-cruiser.resolve.cjs" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "types", "default", "node"],
      mainFields: ["module", "main", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".json"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
