// The paths a bundle holds are relative and are joined to a target folder on another machine: each is checked
// before anything is written, so a bundle cannot place a file outside the target or inside a repository's `.git`.
import path from "node:path";

/** The longest name one path segment may have on the file systems we write to (NAME_MAX), in UTF-8 bytes. */
export const maxNameBytes = 255;

/**
 * The start of an apply's work folder's name at the target's root (`<prefix><pid>-<12 hex digits>`, apply-commit.ts):
 * a bundle may not name it, or it could plant a journal the next apply would follow.
 */
export const workFolderPrefix = ".agent-transcript-apply-";

/**
 * Code points HFS+ ignores when it compares names (zero-width and directional marks, the byte order mark): on a Mac,
 * `.g\u200cit` opens `.git`.
 */
const hfsIgnorable = /[\u200c-\u200f\u202a-\u202e\u206a-\u206f\ufeff]/gu;

/** `name` without the trailing dots and spaces NTFS drops (a loop: a regular expression here is quadratic). */
function withoutTrailingDotsAndSpaces(name: string): string {
  let end = name.length;
  while (end > 0 && (name[end - 1] === "." || name[end - 1] === " ")) end -= 1;
  return name.slice(0, end);
}

/**
 * Whether one path segment would reach a repository's `.git` folder on some file system we may write to: any case
 * (case-insensitive systems), with the code points HFS+ ignores, with the trailing dots and spaces and the `:stream`
 * suffix NTFS drops, as NTFS's short name `GIT~1`, or with a backslash (NTFS's separator) before it.
 */
export function isGitFolderAlias(segment: string): boolean {
  for (const piece of segment.split("\\")) {
    const folded = piece.replace(hfsIgnorable, "").toLowerCase();
    const name = withoutTrailingDotsAndSpaces(folded.split(":")[0] ?? "");
    if (name === ".git" || /^git~\d+$/u.test(name)) return true;
  }
  return false;
}

/**
 * Names a symbolic link may not take, whatever it points to: git reads these files from the working tree and, like
 * git itself, we refuse to let a bundle make them links (one to `.git/config`, say, would be read as attributes).
 */
export function isGitControlFileName(segment: string): boolean {
  const folded = withoutTrailingDotsAndSpaces(segment.replace(hfsIgnorable, "").toLowerCase());
  return [".gitmodules", ".gitattributes", ".gitignore", ".mailmap"].includes(folded);
}

/** Why `relative` may not be used as a bundle path, or undefined when it may (`.` stands for the root itself). */
export function unsafeRelativePath(relative: string): string | undefined {
  if (relative === ".") return undefined;
  if (relative === "") return "it is empty";
  if (relative.includes("\0")) return "it holds a NUL character";
  if (relative.startsWith("/") || path.isAbsolute(relative)) return "it is absolute";
  const segments = relative.split("/");
  if (segments.some((segment) => segment === "..")) return "it climbs out of its folder with ..";
  if (segments.some((segment) => segment === "" || segment === "."))
    return "it has an empty or . segment (not in its one spelling)";
  if (segments.some(isGitFolderAlias)) return "it names a .git folder (in some spelling a file system takes for .git)";
  if (segments.some((segment) => Buffer.byteLength(segment, "utf8") > maxNameBytes))
    return `it has a name longer than ${maxNameBytes} bytes`;
  return undefined;
}

/** Whether `inner` is `outer` or lies below it (both relative bundle paths; `.` is the root). */
export function isAtOrBelow(inner: string, outer: string): boolean {
  return outer === "." || inner === outer || inner.startsWith(`${outer}/`);
}

/** `relative` joined under `base` (both bundle paths; `.` is the root). */
export function joinRelative(base: string, relative: string): string {
  if (base === ".") return relative;
  return relative === "." ? base : `${base}/${relative}`;
}

/** The deepest folder holding every path in `folders` (absolute, normalised). */
export function commonFolder(folders: readonly string[]): string {
  const [first, ...rest] = folders.map((folder) => folder.split("/").filter((segment) => segment !== ""));
  if (first === undefined) return "/";
  let length = first.length;
  for (const segments of rest) {
    let same = 0;
    while (same < Math.min(length, segments.length) && segments[same] === first[same]) same += 1;
    length = same;
  }
  return `/${first.slice(0, length).join("/")}`;
}

/** `relative` of `absolute` under `root`, `.` for the root itself. */
export function relativeTo(root: string, absolute: string): string {
  const relative = path.posix.relative(root, absolute);
  return relative === "" ? "." : relative;
}
