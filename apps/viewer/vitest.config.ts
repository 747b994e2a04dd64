import { defineConfig, mergeConfig } from "vitest/config";
import shared from "../../vitest.shared.js";

// Browser tests drive Chromium on shared, noisy machines: more time per test than unit tests get, and one file at a
// time (each launches its own browser).
export default mergeConfig(shared, defineConfig({ test: { testTimeout: 120_000, fileParallelism: false } }));
