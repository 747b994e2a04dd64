/** Every campaign, in the report's order within each group. */
import type { Campaign } from "./campaign.js";
import { eventLogTails } from "./campaigns/event-log-tails.js";
import { fullDisk } from "./campaigns/full-disk.js";
import { killDuringIndex } from "./campaigns/kill-during-index.js";
import { killDuringRepair } from "./campaigns/kill-during-repair.js";
import { killDuringSnapshotApply } from "./campaigns/kill-during-snapshot-apply.js";
import { logContention } from "./campaigns/log-contention.js";
import { properties } from "./campaigns/properties.js";
import { recorderSigkill } from "./campaigns/recorder-sigkill.js";
import { redactionWorstCase } from "./campaigns/redaction-worst-case.js";
import { regexBacktracking } from "./campaigns/regex-backtracking.js";

export const campaigns: readonly Campaign[] = [
  eventLogTails,
  recorderSigkill,
  killDuringRepair,
  killDuringIndex,
  killDuringSnapshotApply,
  logContention,
  fullDisk,
  regexBacktracking,
  redactionWorstCase,
  properties,
];
