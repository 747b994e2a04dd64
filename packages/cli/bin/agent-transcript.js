#!/usr/bin/env node
// The installed command. A published package ships `dist/` and runs it directly. In a clone of the repository
// (`src/` beside `dist/`), `pnpm exec agent-transcript` also works before anything was built, and after sources
// changed: the CLI and the packages it uses are built first, with the build's output on stderr so that stdout
// carries only the command's data.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";

const packageRoot = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const entry = path.join(packageRoot, "dist", "bin.js");
const repositoryRoot = path.resolve(packageRoot, "..", "..");
const inClone = existsSync(path.join(packageRoot, "src")) && existsSync(path.join(repositoryRoot, "turbo.json"));

/** The newest modification time of any file below `folder`, skipping build output and dependencies. */
function newestSource(folder) {
  let newest = 0;
  const pending = [folder];
  while (pending.length > 0) {
    const current = pending.pop();
    for (const item of readdirSync(current, { withFileTypes: true })) {
      if (item.name === "node_modules" || item.name === "dist") continue;
      const location = path.join(current, item.name);
      if (item.isDirectory()) pending.push(location);
      else newest = Math.max(newest, statSync(location).mtimeMs);
    }
  }
  return newest;
}

function isStale() {
  if (!existsSync(entry)) return true;
  const built = statSync(entry).mtimeMs;
  return ["core", "providers", "recorder", "cli"].some((name) => {
    const source = path.join(repositoryRoot, "packages", name, "src");
    return existsSync(source) && newestSource(source) > built;
  });
}

if (inClone && isStale()) {
  process.stderr.write("agent-transcript: building the command from this checkout first (turbo)…\n");
  const turbo = path.join(repositoryRoot, "node_modules", ".bin", "turbo");
  const build = spawnSync(turbo, ["run", "build", "--filter=@agent-transcript/cli...", "--output-logs=errors-only"], {
    cwd: repositoryRoot,
    // Build output goes to stderr: stdout is the command's data.
    stdio: ["ignore", process.stderr, process.stderr],
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: "1" },
  });
  if (build.status !== 0) {
    process.stderr.write("agent-transcript: the build failed (see above); run `pnpm install` and try again.\n");
    process.exit(1);
  }
}

await import(entry);
