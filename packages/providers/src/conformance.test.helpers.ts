/**
 * The providers' tests ask the published specifications about what the converters write (tools/specs): the problems
 * as lines, leaving apart only the Bedrock members newer than the stored model (listed and tested in tools/specs).
 */
import { checkAgainstSpec, describeProblems, isNewerThanModel, type CheckedApi } from "@agent-transcript/specs/checker";

export type { CheckedApi } from "@agent-transcript/specs/checker";

/** The APIs whose requests are checked against a published specification. */
export const checkedApis: readonly CheckedApi[] = ["openai-chat", "openai-responses", "mistral", "bedrock-converse"];

/** What the published specification finds wrong with a request we wrote, one line per problem. */
export function specProblems(api: CheckedApi, request: unknown): string[] {
  return describeProblems(
    checkAgainstSpec(api, "request", request).filter((problem) => !isNewerThanModel(api, problem)),
  );
}
