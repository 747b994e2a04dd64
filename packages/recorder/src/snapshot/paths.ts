// The paths a bundle holds are relative and are joined to a target folder on another machine: each is checked
// before anything is written, so a bundle cannot place a file outside the target or inside a repository's `.git`.
import path from "node:path";

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
  if (segments.some((segment) => segment.toLowerCase() === ".git")) return "it names a .git folder";
  return undefined;
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
