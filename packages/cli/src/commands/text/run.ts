import { payloadOf, reportReading, streamEventLog } from "../../input/event-log.js";
import { type CommandIo } from "../../io.js";
import { verbosityOf } from "../../warning-summary.js";
import { DataWriter, interpolated, type EventLogQueryOptions } from "../../event-log-query.js";

/** `text`: the assistant's text, every `text` block of every `message.assistant` event, one after another. */
export async function runText(input: string, options: EventLogQueryOptions, io: CommandIo): Promise<number> {
  const verbosity = verbosityOf(options);
  const out = new DataWriter(io);
  let first = true;
  const reading = await streamEventLog(input, io, options, async (event, line) => {
    if (event.type !== "message.assistant") return;
    const blocks = payloadOf(event).blocks;
    if (!Array.isArray(blocks)) return;
    for (const block of blocks as unknown[]) {
      if (typeof block !== "object" || block === null) continue;
      const { type, text } = block as { type?: unknown; text?: unknown };
      if (type !== "text") continue;
      if (options.json) {
        await out.write(`${first ? "[\n" : ",\n"}  ${JSON.stringify({ seq: event.seq, line, text: text ?? null })}`);
        first = false;
      } else await out.write(`${interpolated(text)}\n`);
    }
  });
  if (options.json) await out.write(first ? "[]\n" : "\n]\n");
  await out.flush();
  return reportReading(reading, io, verbosity);
}
