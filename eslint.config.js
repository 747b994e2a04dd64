// One lint configuration for every package. Generated output is linted by its generators' tests, not here.
import javascript from "@eslint/js";
import regexp from "eslint-plugin-regexp";
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
    files: ["**/*.mjs", "**/*.js"],
    languageOptions: { globals: { process: "readonly", console: "readonly", URL: "readonly" } },
  },
);
