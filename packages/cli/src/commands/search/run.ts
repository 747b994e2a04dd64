/**
 * `search`: the run index's full-text search (run-index/search.ts), printed as ranked hits: where each is (file,
 * run, message), a snippet with the match highlighted, and the `view` command that opens the message.
 */
import { groupDigits } from "@agent-transcript/core/text";
import { dayBounds, localMinute, reportTimeZone } from "../../days.js";
import { exitCodes, shown, UserError, writeData, type CommandIo } from "../../io.js";
import { openStore } from "../../run-index/open-store.js";
import { databaseFile, type IndexedOptions } from "../../run-index/indexed-runs.js";
import { searchIndex, type SearchFilters, type SearchHit } from "../../run-index/search.js";
import type { VerbosityOptions } from "../../warning-summary.js";

export interface SearchCommandOptions extends IndexedOptions, VerbosityOptions, Omit<SearchFilters, "timeZone"> {
  timezone?: string;
  limit?: string;
  json?: boolean;
}

/** What `search --json` prints. */
export interface SearchReport {
  query: string;
  /** How many messages matched (at most 1,000); `hits` holds the best `limit` of them. */
  total: number;
  /** More than `total` matched: the hits are the best of the newest 1,000 matches. */
  more: boolean;
  hits: Array<SearchHit & { view: string }>;
}

/** A word for the shell: quoted unless it is plain. */
function shellWord(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", "'\\''")}'`;
}

function highlighted(hit: SearchHit, io: CommandIo): string {
  if (!io.color) {
    let text = "";
    let at = 0;
    for (const [start, end] of hit.highlights) {
      text += `${shown(hit.snippet.slice(at, start))}[${shown(hit.snippet.slice(start, end))}]`;
      at = end;
    }
    return text + shown(hit.snippet.slice(at));
  }
  let text = "";
  let at = 0;
  for (const [start, end] of hit.highlights) {
    text += `${shown(hit.snippet.slice(at, start))}\u001b[1;33m${shown(hit.snippet.slice(start, end))}\u001b[0m`;
    at = end;
  }
  return text + shown(hit.snippet.slice(at));
}

export async function runSearch(words: string[], options: SearchCommandOptions, io: CommandIo): Promise<number> {
  const query = words.join(" ");
  const timeZone = reportTimeZone(options.timezone);
  const { since, until } = dayBounds(options);
  let limit = 20;
  if (options.limit !== undefined) {
    limit = Number(options.limit);
    if (!/^\d+$/.test(options.limit) || !Number.isSafeInteger(limit) || limit < 1)
      throw new UserError(`--limit takes a whole number from 1, not "${shown(options.limit)}"`, exitCodes.usage);
  }
  const store = await openStore(databaseFile(options), { create: false, readOnly: true });
  try {
    const result = await searchIndex(
      store,
      query,
      {
        agent: options.agent,
        model: options.model,
        tool: options.tool,
        project: options.project,
        status: options.status,
        role: options.role,
        since,
        until,
        timeZone,
      },
      limit,
    );
    const report: SearchReport = {
      query,
      total: result.total,
      more: result.more,
      hits: result.hits.map((hit) => ({
        ...hit,
        view: `agent-transcript view ${shellWord(hit.file)} --at '${hit.place}'`,
      })),
    };
    if (options.json) writeData(io, `${JSON.stringify(report, null, 2)}\n`);
    else {
      const lines: string[] = [];
      for (const hit of report.hits) {
        const run = hit.runTitle ?? hit.runId ?? "(run)";
        const where = hit.depth > 0 ? `sub-agent ${run}` : run;
        lines.push(
          `${shown(hit.file)}  ${shown(where)}  ${hit.role} #${hit.position + 1}  ${localMinute(hit.at, timeZone)}${hit.agent === null ? "" : `  ${shown(hit.agent)}`}`,
        );
        lines.push(`  ${highlighted(hit, io)}`);
        lines.push(`  ${shown(hit.view)}`);
        lines.push("");
      }
      lines.push(
        result.total === 0
          ? `no message matches ${JSON.stringify(query)}`
          : result.more
            ? `${groupDigits(report.hits.length)} of more than ${groupDigits(result.total)} matching messages (the best of the newest ${groupDigits(result.total)}; narrow the query or filter to rank them all)`
            : `${groupDigits(report.hits.length)} of ${groupDigits(result.total)} matching message${result.total === 1 ? "" : "s"}`,
      );
      writeData(io, `${lines.join("\n")}\n`);
    }
    return result.total === 0 ? exitCodes.failure : exitCodes.success;
  } finally {
    await store.close();
  }
}
