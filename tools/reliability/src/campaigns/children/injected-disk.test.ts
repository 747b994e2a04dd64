// The injected full disk against a real one: the same writes into a 64 KiB tmpfs (mounted when this runs as root, as
// CI does) and into the injected disk give the same counts, the same short write and the same error.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { injectFullDisk } from "./injected-disk.js";

const capacity = 64 * 1024;
let folder: string;

beforeEach(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "injected-disk-"));
});
afterEach(() => {
  fs.rmSync(folder, { recursive: true, force: true });
});

/** 5,000 bytes of filler, 10 KB appends until twenty were tried, the filler removed, one more append. */
function fill(disk: string): Array<number | string> {
  const results: Array<number | string> = [];
  const attempt = (write: () => number): void => {
    try {
      results.push(write());
    } catch (error) {
      const { code, errno, syscall, message } = error as NodeJS.ErrnoException;
      results.push(`${code} ${errno} ${syscall} ${message}`);
    }
  };
  const filler = path.join(disk, "filler");
  fs.writeFileSync(filler, Buffer.alloc(5_000, 0x2e));
  const descriptor = fs.openSync(
    path.join(disk, "log"),
    fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_APPEND,
  );
  try {
    for (let write = 0; write < 20; write += 1) attempt(() => fs.writeSync(descriptor, Buffer.alloc(10_000, 0x78)));
    fs.unlinkSync(filler);
    attempt(() => fs.writeSync(descriptor, "y".repeat(10_000)));
    attempt(() => fs.writeSync(descriptor, "z"));
  } finally {
    fs.closeSync(descriptor);
  }
  return results;
}

function onInjectedDisk(): Array<number | string> {
  const injected = injectFullDisk(folder, capacity);
  try {
    return fill(folder);
  } finally {
    injected.remove();
  }
}

const refused = "ENOSPC -28 write ENOSPC: no space left on device, write";

describe("the injected full disk", () => {
  it("fills page by page as tmpfs does: a short write, then ENOSPC; removing a file frees its pages", () => {
    // 16 pages: the filler takes 2, the log 14 (57,344 bytes: five writes and 7,344 of the sixth); the filler's two
    // pages then take 8,192 bytes of the next write, and the one after finds none.
    expect(onInjectedDisk()).toEqual([...Array(5).fill(10_000), 7_344, ...Array(14).fill(refused), 8_192, refused]);
    expect(fs.statSync(path.join(folder, "log")).size).toBe(capacity);
  });

  it("leaves descriptors outside its folder alone, and takes its wrappers away", () => {
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), "injected-disk-outside-"));
    try {
      const injected = injectFullDisk(folder, 4096);
      try {
        const descriptor = fs.openSync(path.join(outside, "big"), "w");
        expect(fs.writeSync(descriptor, Buffer.alloc(100_000))).toBe(100_000);
        fs.closeSync(descriptor);
      } finally {
        injected.remove();
      }
      const descriptor = fs.openSync(path.join(folder, "after"), "w");
      expect(fs.writeSync(descriptor, Buffer.alloc(100_000))).toBe(100_000);
      fs.closeSync(descriptor);
    } finally {
      fs.rmSync(outside, { recursive: true, force: true });
    }
  });

  it.runIf(process.getuid?.() === 0)("gives what a real 64 KiB tmpfs gives (as root)", () => {
    const disk = path.join(folder, "tmpfs");
    fs.mkdirSync(disk);
    const mounted = spawnSync("mount", ["-t", "tmpfs", "-o", `size=${capacity}`, "tmpfs", disk], { encoding: "utf8" });
    expect(mounted.stderr).toBe("");
    let real: Array<number | string>;
    try {
      real = fill(disk);
    } finally {
      spawnSync("umount", [disk]);
    }
    fs.rmSync(disk, { recursive: true });
    expect(onInjectedDisk()).toEqual(real);
  });
});
