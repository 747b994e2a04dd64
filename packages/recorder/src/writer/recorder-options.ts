// createRecorder's options checked and settled once, before anything is opened: a refused option leaves no file.
import { randomUUID } from "node:crypto";
import path from "node:path";
import { createRedactor, type Redactor } from "@agent-transcript/core/redact";
import { isUuid } from "./event-input.js";
import { RecorderError } from "./recorder-error.js";
import type { Durability, RecorderOptions, RecorderSnapshotOptions, RecorderWarning } from "./recorder-types.js";

const durabilities: readonly Durability[] = ["none", "interval", "every-event"];
const defaultSyncIntervalMs = 1000;
const defaultMaxBatchBytes = 1024 * 1024;
// setTimeout keeps a delay in a signed 32-bit integer; anything longer fires at once.
const longestTimerMs = 2 ** 31 - 1;

export interface CheckedOptions {
  readonly root: string;
  readonly runId: string;
  readonly parentRunId: string | undefined;
  readonly durability: Durability;
  readonly syncIntervalMs: number;
  readonly maxBatchBytes: number;
  readonly redactor: Redactor | undefined;
  readonly validate: boolean;
  readonly onWarning: ((warning: RecorderWarning) => void) | undefined;
  readonly onError: ((error: RecorderError) => void) | undefined;
  readonly snapshot: RecorderSnapshotOptions | undefined;
}

export function checkOptions(options: RecorderOptions): CheckedOptions {
  const where = typeof options?.root === "string" ? options.root : "recorder";
  const refuse = (message: string): never => {
    throw new RecorderError("invalid-option", where, message);
  };
  if (typeof options !== "object" || options === null) refuse("createRecorder needs an options object");
  if (typeof options.root !== "string" || options.root === "" || options.root.includes("\0"))
    refuse("root must be a non-empty path");
  const runId = options.runId ?? randomUUID();
  if (!isUuid(runId)) refuse(`runId must be a UUID (it names the file), got ${JSON.stringify(runId)}`);
  if (options.parentRunId !== undefined && !isUuid(options.parentRunId))
    refuse(`parentRunId must be a UUID, got ${JSON.stringify(options.parentRunId)}`);
  const durability = options.durability ?? "interval";
  if (!durabilities.includes(durability))
    refuse(`durability must be one of ${durabilities.join(", ")}, got ${JSON.stringify(durability)}`);
  const syncIntervalMs = options.syncIntervalMs ?? defaultSyncIntervalMs;
  if (typeof syncIntervalMs !== "number" || !(syncIntervalMs >= 1 && syncIntervalMs <= longestTimerMs))
    refuse(`syncIntervalMs must be between 1 and ${longestTimerMs}, got ${String(syncIntervalMs)}`);
  const maxBatchBytes = options.maxBatchBytes ?? defaultMaxBatchBytes;
  if (!Number.isSafeInteger(maxBatchBytes) || maxBatchBytes < 1)
    refuse(`maxBatchBytes must be a positive integer, got ${String(maxBatchBytes)}`);
  const redact = options.redact ?? false;
  let redactor: Redactor | undefined;
  if (redact === true) redactor = createRedactor();
  else if (typeof redact === "object" && redact !== null && typeof redact.redactValue === "function") redactor = redact;
  else if (redact !== false) refuse("redact must be true, false or a Redactor from createRedactor");
  const snapshot = options.snapshot ?? false;
  if (typeof snapshot !== "boolean" && (typeof snapshot !== "object" || snapshot === null))
    refuse("snapshot must be true, false or the options of createRunSnapshot");
  return {
    root: path.resolve(options.root),
    runId,
    parentRunId: options.parentRunId,
    durability,
    syncIntervalMs,
    maxBatchBytes,
    redactor,
    validate: options.validate === true,
    onWarning: options.onWarning,
    onError: options.onError,
    snapshot: snapshot === true ? {} : snapshot === false ? undefined : snapshot,
  };
}
