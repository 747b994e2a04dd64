// One lint configuration for every package. Generated output is linted by its generators' tests, not here.
import javascript from "@eslint/js";
import regexp from "eslint-plugin-regexp";
import vitest from "@vitest/eslint-plugin";
import typescript from "typescript-eslint";

export default typescript.config(
  {
    // tools/fixtures/real is third-party recorded data, kept byte for byte: never linted, never "fixed".
    ignores: [
      "**/dist/**",
      "**/node_modules/**",
      "**/generated/**",
      "**/target/**",
      "**/.turbo/**",
      "tools/fixtures/real/**",
    ],
  },
  javascript.configs.recommended,
  ...typescript.configs.recommended,
  regexp.configs["flat/recommended"],
  {
    rules: {
      // Every regular expression runs on untrusted transcript text: super-linear backtracking is a ReDoS.
      "regexp/no-super-linear-backtracking": "error",
      "regexp/no-super-linear-move": "error",
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // Spreading an array into arguments passes every item on the stack: an array that grows with the input (warnings,
    // parts, chunks) crashes with "Maximum call stack size exceeded" at about 120,000 items. Append in a loop (the
    // providers' `append`), or reduce, instead.
    files: ["packages/*/src/**/*.ts"],
    ignores: [
      "**/*.test.ts",
      "**/*.test.helpers.ts",
      // The redactor spreads only its own rule list (bounded by configuration, never by input).
      "**/core/src/redact/**",
    ],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.property.name=/^(push|unshift|splice|concat)$/] > SpreadElement",
          message: "Spreading into push/unshift/splice/concat overflows the stack for large arrays: append in a loop.",
        },
        {
          selector:
            "CallExpression[callee.object.name=/^(Math|String)$/][callee.property.name=/^(max|min|fromCharCode|fromCodePoint)$/] > SpreadElement",
          message:
            "Spreading into Math.max/min or String.fromCharCode overflows the stack for large arrays: use a loop.",
        },
      ],
    },
  },
  {
    // Tests must be able to fail: every test asserts, no assertion hides behind a condition, nothing is skipped or
    // focused by accident. The round-trip suite is the bindings' tests, written once for every language.
    files: ["**/*.test.ts", "**/*.test.helpers.ts", "tools/fixtures/src/round-trip-suite.ts"],
    plugins: { vitest },
    rules: {
      ...vitest.configs.recommended.rules,
      "vitest/expect-expect": [
        "error",
        {
          // Named one by one, never by pattern: `expect*` would also match `expectedOf` and `expectedSummary`, which
          // compute values and assert nothing. Each helper here fails the test when its condition does not hold.
          // `expectTypeOf` asserts at compile time: the typecheck task compiles every test. `fc.assert` is left out
          // on purpose: a property that only runs code asserts nothing but "does not throw", so a property test says
          // what it expects with `expect` (or one of these helpers) inside the property.
          assertFunctionNames: [
            "expect",
            "expectTypeOf",
            // packages/cli/src/terminal-safety.test.ts, hostile-input.test.ts
            "expectSafeMessages",
            "expectRefusal",
            "expectLimitsHeld",
            // packages/core/src
            "expectCanonical",
            "expectCanonicalJsonError",
            "expectPrefixOf",
            "expectSafe",
            "expectSchemaValid",
            // packages/providers/src/hostile-input.test.ts
            "expectAnswer",
            "expectPrototypesClean",
            // packages/providers/src/conversion/session-fixtures.test.helpers.ts
            "expectCleanImport",
            "expectEveryLineAccounted",
            // tools/bench/src/run.test.ts
            "expectPositiveFinite",
            "expectWellFormed",
          ],
        },
      ],
      "vitest/no-conditional-expect": "error",
      "vitest/no-disabled-tests": "error",
      "vitest/no-focused-tests": "error",
      "vitest/no-standalone-expect": "error",
      // A second argument is vitest's message, shown when the assertion fails.
      "vitest/valid-expect": ["error", { maxArgs: 2 }],
      "vitest/no-identical-title": "error",
      // `toThrow()` with nothing to match passes on any error, a TypeError from a bug included.
      "vitest/require-to-throw-message": "error",
    },
  },
  {
    files: ["**/*.mjs", "**/*.js"],
    languageOptions: { globals: { process: "readonly", console: "readonly", URL: "readonly" } },
  },
);
