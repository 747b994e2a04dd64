// Compiled by the consumer test under `tsc --strict` (no skipLibCheck) in a project where @agent-transcript/core is
// the only package of ours installed: every entry point imported, and a few types that must stay precise.
import { decodeTranscript, formatVersion, type Transcript } from "@agent-transcript/core";
import { parseJson } from "@agent-transcript/core/json";
import { createRedactor } from "@agent-transcript/core/redact";
import { validatorFor } from "@agent-transcript/core/validators";
import { partTypes } from "@agent-transcript/core/vocabularies";

/** True only for `any`: a declaration that lost its type reads as `any`, which assignability never catches. */
type IsAny<Value> = 0 extends 1 & Value ? true : false;
const transcriptIsTyped: IsAny<Transcript> = false;
const partTypeIsTyped: IsAny<(typeof partTypes)[number]> = false;

const decoded = decodeTranscript('{"schema_version": "1.0.0"}');
const messageCount: number = decoded.ok ? decoded.document.messages.length : 0;
const parsed = parseJson("[1, 2]");
const redactor = createRedactor();
const validator = validatorFor("Transcript", "strict");
export const uses = [transcriptIsTyped, partTypeIsTyped, formatVersion, messageCount, parsed.ok, redactor, validator];
