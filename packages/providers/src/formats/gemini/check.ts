/**
 * The structural rules of a Gemini request that Gemini enforces with a 400, checked before sending:
 * - `contents` is a non-empty list; every Content has role `user` or `model` and a non-empty `parts` list, and no
 *   part is empty;
 * - consecutive Contents of one role form one turn (Gemini accepts and joins them); a turn of model Contents with
 *   function calls ("function call turn") must come right after a user turn, and must be followed by ONE user
 *   Content holding exactly as many functionResponse parts as there were calls, with the same names (and the same
 *   ids where both sides have one);
 * - functionResponse parts appear nowhere else.
 */
import { isJsonObject, pointer } from "../../conversion/index.js";
import type { TargetProblem } from "../../conversion/index.js";
import type { GeminiRequest } from "./types.js";

function field(part: Record<string, unknown>, camel: string, snake: string): Record<string, unknown> | undefined {
  const value = part[camel] ?? part[snake];
  return isJsonObject(value) ? value : undefined;
}

interface Named {
  name: unknown;
  id: unknown;
  path: string;
}

export function checkRequest(request: GeminiRequest): TargetProblem[] {
  const problems: TargetProblem[] = [];
  const contents: unknown = (request as unknown as Record<string, unknown>).contents;
  if (!Array.isArray(contents) || contents.length === 0)
    return [{ path: "/contents", message: "must be a non-empty list of Contents" }];
  const roles: Array<string | undefined> = [];
  const calls: Named[][] = [];
  const responses: Named[][] = [];
  contents.forEach((content: unknown, index) => {
    const path = pointer("/contents", index);
    const callList: Named[] = [];
    const responseList: Named[] = [];
    calls.push(callList);
    responses.push(responseList);
    if (!isJsonObject(content)) {
      problems.push({ path, message: "must be a Content object" });
      roles.push(undefined);
      return;
    }
    const role = content.role;
    roles.push(typeof role === "string" ? role : undefined);
    if (role !== "user" && role !== "model")
      problems.push({ path: pointer(path, "role"), message: 'must be "user" or "model"' });
    const parts = content.parts;
    if (!Array.isArray(parts) || parts.length === 0) {
      problems.push({
        path: pointer(path, "parts"),
        message: "must be a non-empty list: Gemini rejects a Content without parts",
      });
      return;
    }
    parts.forEach((part: unknown, partIndex) => {
      const partPath = pointer(path, "parts", partIndex);
      if (!isJsonObject(part) || Object.keys(part).length === 0) {
        problems.push({ path: partPath, message: "must be a non-empty Part" });
        return;
      }
      const call = field(part, "functionCall", "function_call");
      if (call !== undefined) callList.push({ name: call.name, id: call.id, path: partPath });
      const response = field(part, "functionResponse", "function_response");
      if (response !== undefined) responseList.push({ name: response.name, id: response.id, path: partPath });
    });
  });
  const answered = new Set<number>();
  let index = 0;
  while (index < contents.length) {
    const role = roles[index];
    let end = index;
    while (end < contents.length && roles[end] === role) end += 1;
    if (role === "model") {
      const turnCalls = calls.slice(index, end).flat();
      if (turnCalls.length > 0) {
        const path = pointer("/contents", index);
        if (index === 0 || roles[index - 1] !== "user")
          problems.push({ path, message: "a function call turn must come right after a user turn" });
        const next = end < contents.length && roles[end] === "user" ? end : undefined;
        if (next === undefined) {
          problems.push({
            path,
            message: `the function call turn (${turnCalls.length} calls) must be followed by a user Content with its function responses`,
          });
        } else {
          answered.add(next);
          const turnResponses = responses[next] ?? [];
          const nextPath = pointer("/contents", next);
          if (turnResponses.length !== turnCalls.length) {
            problems.push({
              path: nextPath,
              message: `holds ${turnResponses.length} functionResponse parts for ${turnCalls.length} function calls; Gemini requires one Content with exactly as many`,
            });
          }
          const names = (list: Named[]): string =>
            list
              .map((item) => String(item.name))
              .sort()
              .join(",");
          if (names(turnResponses) !== names(turnCalls)) {
            problems.push({
              path: nextPath,
              message: `functionResponse names (${names(turnResponses)}) do not match the calls (${names(turnCalls)})`,
            });
          }
          for (const response of turnResponses) {
            if (typeof response.id !== "string") continue;
            const withIds = turnCalls.filter((call) => typeof call.id === "string");
            if (withIds.length > 0 && !withIds.some((call) => call.id === response.id))
              problems.push({
                path: response.path,
                message: `answers id ${response.id}, which no call of the turn has`,
              });
          }
        }
      }
    }
    index = end;
  }
  responses.forEach((list, position) => {
    if (answered.has(position)) return;
    for (const response of list)
      problems.push({
        path: response.path,
        message: "a functionResponse must be in the Content right after the function call turn it answers",
      });
  });
  return problems;
}
