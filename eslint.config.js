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
    files: ["**/*.mjs", "**/*.js"],
    languageOptions: { globals: { process: "readonly", console: "readonly", URL: "readonly" } },
  },
);
