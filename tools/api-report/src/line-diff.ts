/**
 * The lines that differ between two texts, unified-diff style (`-` before, `+` after, two lines of context), for a
 * failure message a person reads. Capped: past `maxLines` it says how many more lines differ.
 */
export function lineDiff(before: string, after: string, maxLines = 80): string {
  const a = before.split("\n");
  const b = after.split("\n");
  // The common prefix and suffix need no table; reports change in a few places, so what remains is small.
  let prefix = 0;
  while (prefix < a.length && prefix < b.length && a[prefix] === b[prefix]) prefix += 1;
  let suffix = 0;
  while (
    suffix < a.length - prefix &&
    suffix < b.length - prefix &&
    a[a.length - 1 - suffix] === b[b.length - 1 - suffix]
  )
    suffix += 1;
  const oldMiddle = a.slice(prefix, a.length - suffix);
  const newMiddle = b.slice(prefix, b.length - suffix);

  // Longest common subsequence of the middle, as a table of suffix lengths.
  const rows = oldMiddle.length;
  const columns = newMiddle.length;
  const table: Uint32Array[] = Array.from({ length: rows + 1 }, () => new Uint32Array(columns + 1));
  for (let i = rows - 1; i >= 0; i -= 1)
    for (let j = columns - 1; j >= 0; j -= 1)
      table[i]![j] =
        oldMiddle[i] === newMiddle[j] ? table[i + 1]![j + 1]! + 1 : Math.max(table[i + 1]![j]!, table[i]![j + 1]!);

  type Line = { mark: " " | "-" | "+"; text: string; oldLine: number };
  const script: Line[] = [];
  for (let k = Math.max(0, prefix - 2); k < prefix; k += 1) script.push({ mark: " ", text: a[k]!, oldLine: k + 1 });
  let i = 0;
  let j = 0;
  while (i < rows || j < columns) {
    if (i < rows && j < columns && oldMiddle[i] === newMiddle[j]) {
      script.push({ mark: " ", text: oldMiddle[i]!, oldLine: prefix + i + 1 });
      i += 1;
      j += 1;
    } else if (j < columns && (i === rows || table[i]![j + 1]! >= table[i + 1]![j]!)) {
      script.push({ mark: "+", text: newMiddle[j]!, oldLine: prefix + i + 1 });
      j += 1;
    } else {
      script.push({ mark: "-", text: oldMiddle[i]!, oldLine: prefix + i + 1 });
      i += 1;
    }
  }
  const tailStart = a.length - suffix;
  for (let k = tailStart; k < Math.min(a.length, tailStart + 2); k += 1)
    script.push({ mark: " ", text: a[k]!, oldLine: k + 1 });

  // Keep changed lines and two lines of context around each; mark each gap.
  const keep = script.map((line, index) =>
    script.slice(Math.max(0, index - 2), index + 3).some((near) => near.mark !== " "),
  );
  const output: string[] = [];
  let skipped = true;
  script.forEach((line, index) => {
    if (!keep[index]) {
      skipped = true;
      return;
    }
    if (skipped) output.push(`@@ line ${line.oldLine} @@`);
    skipped = false;
    output.push(`${line.mark} ${line.text}`);
  });
  if (output.length <= maxLines) return output.join("\n");
  return [...output.slice(0, maxLines), `… and ${output.length - maxLines} more lines`].join("\n");
}
