import { readFileSync } from "node:fs";
import path from "node:path";
import {
  createStandaloneProject,
  providerSdks,
  type StandaloneProject,
} from "@agent-transcript/native-types/standalone";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// A user's project with @agent-transcript/recorder and nothing else: the package packed and unpacked beside its
// runtime dependencies (core, providers, and theirs), Node's types (the recorder is a Node package: its declarations
// name `Buffer` and `node:fs`) and no SDK. Both entry points must compile under `tsc --strict` without
// skipLibCheck, `/instrument` included: a wrapper names no SDK, so a user of one SDK's wrapper, or of none, needs no
// other SDK installed. No exported type may be, or hold, `any`.
const manifest = JSON.parse(readFileSync(path.join(import.meta.dirname, "..", "package.json"), "utf8")) as {
  name: string;
  exports: Record<string, unknown>;
};
const entryPoints = Object.keys(manifest.exports)
  .filter((subpath) => subpath !== "./package.json")
  .map((subpath) => (subpath === "." ? manifest.name : `${manifest.name}/${subpath.slice(2)}`));

const usesEveryEntryPoint = `
import { createRecorder, type Recorder } from "@agent-transcript/recorder";
import {
  recordingMiddleware,
  wrapAnthropic,
  wrapGoogleGenAI,
  wrapOllama,
  wrapOpenAI,
  type AiSdkTypes,
  type InstrumentOptions,
} from "@agent-transcript/recorder/instrument";

type IsAny<T> = 0 extends 1 & T ? true : false;
type NotAny<T> = IsAny<T> extends true ? never : T;

// A client of the user's own, shaped like the SDK's: the wrapper returns it as its own type.
class ChatClient {
  chat = { completions: { create: async (body: { model: string }) => ({ id: body.model }) } };
  responses = { create: async (body: { input: string }) => ({ output: body.input }) };
}
declare const recorder: Recorder;
const options: InstrumentOptions = {};
const client: ChatClient = wrapOpenAI(new ChatClient(), recorder, options);
// @ts-expect-error -- a client without the methods wrapOpenAI wraps is refused
wrapOpenAI({ messages: { create: () => undefined } }, recorder);
const middleware: NotAny<AiSdkTypes.LanguageModelV3Middleware> = recordingMiddleware(recorder);
// @ts-expect-error -- the middleware is typed: it has no such member
middleware.wrapGenration;
export { createRecorder, client, middleware, wrapAnthropic, wrapGoogleGenAI, wrapOllama };
`;

describe("the recorder's declarations, in a project with no SDK", () => {
  let project: StandaloneProject;
  beforeAll(async () => {
    project = await createStandaloneProject({
      packages: ["packages/core", "packages/providers", "packages/recorder"],
      dependencies: ["ajv", "ajv-formats", "fzstd"],
      nodeTypes: true,
    });
  }, 120_000);
  afterAll(() => project?.remove());

  it("has no SDK to fall back on", () => {
    for (const sdk of providerSdks) expect(project.resolves(sdk), sdk).toBe(false);
    expect(project.resolves("@agent-transcript/recorder/instrument")).toBe(true);
  });

  it("compiles a file using both entry points, /instrument too, under tsc --strict, without skipLibCheck", () => {
    expect(project.compile(usesEveryEntryPoint)).toEqual([]);
  }, 120_000);

  it("exports no type that is, or holds, any", () => {
    expect(project.anyTypes(entryPoints)).toEqual([]);
  }, 120_000);
});
