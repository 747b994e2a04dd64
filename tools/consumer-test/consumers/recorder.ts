// Compiled by the consumer test under `tsc --strict` (no skipLibCheck) in a project where @agent-transcript/recorder
// (and what it depends on) is installed alone, without the optional SDKs it instruments: every entry point imported.
import { checkEventLog, createRecorder, readEventLog, type Recorder } from "@agent-transcript/recorder";
import { RecordingError, wrapOpenAI } from "@agent-transcript/recorder/instrument";

/** True only for `any`: a declaration that lost its type reads as `any`, which assignability never catches. */
type IsAny<Value> = 0 extends 1 & Value ? true : false;
const recorderIsTyped: IsAny<Recorder> = false;

const report = checkEventLog("");
const eventCount: number = report.events.length;
export async function record(root: string): Promise<number> {
  const recorder = createRecorder({ root });
  recorder.append({ type: "step.started", path: "analyze", payload: { name: "analyze", kind: "agent" } });
  await recorder.close();
  let items = 0;
  for await (const item of readEventLog(recorder.file)) if (item.kind === "event") items += 1;
  return items;
}
export const uses = [recorderIsTyped, eventCount, RecordingError, wrapOpenAI];
