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
            // packages/cli/src/terminal-safety.test.ts
            "expectSafeMessages",
            // packages/core/src
            "expectCanonical",
            "expectCanonicalJsonError",
            "expectPrefixOf",
            "expectSafe",
            "expectSchemaValid",
            // packages/providers/src/hostile-input.test.ts
            "expectAnswer",
            "expectPrototypesClean",
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
