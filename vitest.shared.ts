import { defineConfig } from "vitest/config";

/** The one vitest configuration every package uses (each package's vitest.config.ts re-exports it). */
export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    // Our machines are shared and noisy: generous timeouts, and no timing assertions in unit tests.
    testTimeout: 30_000,
    hookTimeout: 300_000,
    pool: "forks",
  },
});
