/**
 * What the members' request checks share: each message is an object with one of the member's roles, and the first is
 * a user message.
 */
import { isJsonObject, pointer, type JsonObject, type TargetProblem } from "../../conversion/index.js";

/** `a`, `a or b`, `a, b or c`. */
function either(words: readonly string[]): string {
  return words.length < 2 ? words.join("") : `${words.slice(0, -1).join(", ")} or ${words.at(-1)}`;
}

/**
 * Checks each message of a request's list: one that is not an object, or has a role outside `roles`, is reported and
 * goes no further; a first message that is not the user's is reported; `check` goes on with each message that has a
 * role of `roles`.
 */
export function checkEachMessage<Role extends string>(
  messages: readonly unknown[],
  roles: readonly Role[],
  problems: TargetProblem[],
  check: (message: JsonObject, role: Role, path: string, index: number) => void,
): void {
  messages.forEach((message, index) => {
    const path = pointer("/messages", index);
    if (!isJsonObject(message)) {
      problems.push({ path, message: "a message must be an object" });
      return;
    }
    const role = message.role;
    if (!roles.some((known) => known === role)) {
      problems.push({
        path: pointer(path, "role"),
        message: `role must be ${either(roles)}, not ${JSON.stringify(role)}`,
      });
      return;
    }
    if (index === 0 && role !== "user")
      problems.push({ path: pointer(path, "role"), message: "the first message must be a user message" });
    check(message, role as Role, path, index);
  });
}
