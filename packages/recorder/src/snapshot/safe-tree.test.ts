// The tree that is never followed through a link, in both of its ways: folder descriptors through /proc (Linux) and
// the re-checked paths used where /proc is missing. Real links, FIFOs and devices.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SafeTree, TreePathError } from "./safe-tree.js";
import { removeFolder, temporaryFolder } from "./snapshot.test.helpers.js";

let folder: string;
let root: string;
let outside: string;
beforeEach(() => {
  folder = temporaryFolder("safe-tree-");
  root = path.join(folder, "root");
  outside = path.join(folder, "outside");
  mkdirSync(path.join(root, "real/deeper"), { recursive: true });
  mkdirSync(outside);
  writeFileSync(path.join(outside, "secret.txt"), "outside\n");
  writeFileSync(path.join(root, "real/file.txt"), "inside\n");
  symlinkSync(outside, path.join(root, "link"));
  symlinkSync("real/file.txt", path.join(root, "file-link"));
  execFileSync("mkfifo", [path.join(root, "fifo")]);
});
afterEach(() => {
  removeFolder(folder);
});

describe.each([
  ["through folder descriptors", true],
  ["through re-checked paths", false],
])("a safe tree %s", (_label, useDescriptors) => {
  const openTree = (): Promise<SafeTree> => SafeTree.open(root, { useDescriptors });

  it("goes through real folders and says what is at a path without following a link there", async () => {
    const tree = await openTree();
    expect((await tree.entry("real/file.txt"))?.kind).toBe("file");
    expect((await tree.entry("file-link"))?.kind).toBe("link");
    expect((await tree.entry("link"))?.kind).toBe("link");
    expect((await tree.entry("fifo"))?.kind).toBe("other");
    expect(await tree.entry("real/missing")).toBeUndefined();
    expect(await tree.readLink("file-link")).toBe("real/file.txt");
  });

  it("refuses a link on the way, naming it", async () => {
    const tree = await openTree();
    await expect(tree.entry("link/secret.txt")).rejects.toThrow(
      new TreePathError("link", "a symbolic link, not a folder; refusing to go through it"),
    );
    await expect(tree.folder("link", { created: () => undefined })).rejects.toBeInstanceOf(TreePathError);
    await expect(tree.createFile("link/new.txt", 0o600, async () => undefined)).rejects.toBeInstanceOf(TreePathError);
    expect(readFileSync(path.join(outside, "secret.txt"), "utf8")).toBe("outside\n");
  });

  it("opens a regular file for reading, and refuses a link, a FIFO (without blocking) and a device", async () => {
    const tree = await openTree();
    const opened = await tree.openFile("real/file.txt");
    expect(opened?.stats.size).toBe(7);
    await opened?.handle.close();
    await expect(tree.openFile("file-link")).rejects.toThrow(/file-link: a symbolic link, not a regular file/);
    await expect(tree.openFile("fifo")).rejects.toThrow(/fifo: a FIFO, not a regular file/);
    symlinkSync("/dev/zero", path.join(root, "zero"));
    await expect(tree.openFile("zero")).rejects.toThrow(/a symbolic link/);
  });

  it("creates missing folders on the way, saying which, and moves, links and removes inside the tree", async () => {
    const tree = await openTree();
    const created: string[] = [];
    await tree.createFile("real/new.txt", 0o640, async (handle) => {
      await handle.write("new\n");
    });
    await tree.move("real/new.txt", "made/on/the/way.txt", { created: (made) => created.push(made) });
    expect(created).toEqual(["made", "made/on", "made/on/the"]);
    expect(readFileSync(path.join(root, "made/on/the/way.txt"), "utf8")).toBe("new\n");
    // Created with 0640 at most (the umask may narrow it), the owner's read and write kept.
    expect(statSync(path.join(root, "made/on/the/way.txt")).mode & 0o777 & ~0o640).toBe(0);
    expect(statSync(path.join(root, "made/on/the/way.txt")).mode & 0o600).toBe(0o600);
    await tree.makeLink("way.txt", "made/on/the/again");
    expect((await tree.entry("made/on/the/again"))?.kind).toBe("link");
    await tree.removeFile("made/on/the/again");
    await tree.makeFolder("kept", 0o750);
    expect(statSync(path.join(root, "kept")).mode & 0o777).toBe(0o750);
    expect((await tree.filesBelow("made")).sort()).toEqual(["made/on/the/way.txt"]);
  });
});
