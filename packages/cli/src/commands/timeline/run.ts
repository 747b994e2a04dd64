import { payloadOf, reportReading, streamEventLog } from "../../input/event-log.js";
import { type CommandIo } from "../../io.js";
import { verbosityOf } from "../../warning-summary.js";
import { DataWriter, interpolated, type EventLogQueryOptions } from "../../event-log-query.js";

/**
 * `timeline`: every step as it started, `seq`, `path`, `kind` and `name` separated by tabs, exactly as the recipe
 * prints them (null where a value is missing); `--json` the same as objects, with the time.
 */
export async function runTimeline(input: string, options: EventLogQueryOptions, io: CommandIo): Promise<number> {
  const verbosity = verbosityOf(options);
  const out = new DataWriter(io);
  let first = true;
  const reading = await streamEventLog(input, io, options, async (event) => {
    if (event.type !== "step.started") return;
    const payload = payloadOf(event);
    if (options.json) {
      const step = {
        seq: event.seq,
        path: event.path ?? null,
        kind: payload.kind ?? null,
        name: payload.name ?? null,
        iteration: event.iteration ?? null,
        timestamp: event.timestamp ?? null,
      };
      await out.write(`${first ? "[\n" : ",\n"}  ${JSON.stringify(step)}`);
      first = false;
    } else {
      const fields = [event.seq, event.path, payload.kind, payload.name].map(interpolated);
      await out.write(`${fields.join("\t")}\n`);
    }
  });
  if (options.json) await out.write(first ? "[]\n" : "\n]\n");
  await out.flush();
  return reportReading(reading, io, verbosity);
}
