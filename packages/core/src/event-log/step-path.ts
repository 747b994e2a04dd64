/** The schema's path rule, `^(?:[^.]+(?:\.[^.]+)*)?$`, without a regular expression: no empty segment. */
export function isStepPath(value: unknown): value is string {
  return (
    typeof value === "string" &&
    (value === "" || (!value.startsWith(".") && !value.endsWith(".") && !value.includes("..")))
  );
}
