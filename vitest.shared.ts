import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/** The one vitest configuration every package uses (each package's vitest.config.ts re-exports it). */
export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    // Our machines are shared and noisy: generous timeouts, and no timing assertions in unit tests. The timeout only
    // catches a hang: the property tests over the real fixtures take 5-10 s alone and passed 30 s at a load of 11 on
    // 2 cores, where the runs are not wrong, just slow.
    testTimeout: 120_000,
    hookTimeout: 300_000,
    pool: "forks",
    setupFiles: [fileURLToPath(new URL("vitest.setup.ts", import.meta.url))],
  },
});
