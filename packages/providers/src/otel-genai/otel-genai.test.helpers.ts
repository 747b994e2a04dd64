// What the OpenTelemetry GenAI tests share: the fixtures' run with parallel tool calls, a failed one and a sub-agent,
// typed as the format's document.
import type { Tolerant } from "@agent-transcript/core";
import { runWithChild as agentRun } from "@agent-transcript/fixtures/agent-runs";

export { at, nanos } from "@agent-transcript/fixtures/agent-runs";

export const runWithChild = (): Tolerant.Transcript => agentRun() as unknown as Tolerant.Transcript;
