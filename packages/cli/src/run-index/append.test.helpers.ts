// A recorded run to grow line by line, shared by the tests of indexing appended event logs (SQLite and PostgreSQL),
// and everything a SQLite run index holds of its runs, to compare two indexes by.
import SQLite from "better-sqlite3";

export const runId = "550e8400-e29b-41d4-a716-446655440000";

/**
 * A recorded run whose lines depend on the lines before them: calls that join the assistant message before them, a
 * call recorded alone, results that settle calls of earlier messages (one by a result block of a message), a result
 * read before its call, a second result for one call, usage priced on two days and two models, and the run's end.
 */
export function growingRun(id = runId, parentRunId?: string, extraTurns = 0): string {
  let seq = 0;
  const event = (type: string, payload: unknown, timestamp: string, eventPath = "fix"): string => {
    seq += 1;
    // Tool events say who recorded them.
    const fields = type.startsWith("tool.") ? { ...(payload as object), fidelity: "router" } : payload;
    const parent = parentRunId === undefined ? {} : { parent_run_id: parentRunId };
    return JSON.stringify({
      seq,
      run_id: id,
      ...parent,
      type,
      path: eventPath,
      iteration: 0,
      timestamp,
      payload: fields,
    });
  };
  const usage = (input: number, output: number) => ({
    input_tokens: input,
    output_tokens: output,
    cache_read_tokens: 1024,
    total_tokens: input + output,
  });
  const text = (value: string) => [{ type: "text", text: value }];
  const lines = [
    event(
      "run.started",
      { name: "fix-auth", kind: "workflow", title: "Fix the failing auth test" },
      "2026-06-08T23:50:00.000Z",
      "",
    ),
    event("step.started", { name: "fix", kind: "agent" }, "2026-06-08T23:50:00.100Z"),
    event(
      "message.user",
      { role: "user", blocks: text("The auth test fails: fix auth.go, ça presse") },
      "2026-06-08T23:50:01.000Z",
    ),
    event(
      "message.assistant",
      {
        role: "assistant",
        model: "claude-sonnet-4-5-20250929",
        message_id: "msg_1",
        usage: usage(1800, 120),
        blocks: [
          ...text("Reading the handler first."),
          { type: "tool_call", id: "c1", name: "Read", input: { path: "auth.go" } },
        ],
      },
      "2026-06-08T23:50:04.000Z",
    ),
    event("tool.call", { name: "Read", call_id: "c1", input: { path: "auth.go" } }, "2026-06-08T23:50:04.100Z"),
    event(
      "tool.call",
      { name: "Bash", call_id: "c2", input: { command: "go test ./auth/..." } },
      "2026-06-08T23:50:04.200Z",
    ),
    event(
      "tool.result",
      { name: "Read", call_id: "c1", output: "package auth\nfunc Check() bool", duration_ms: 12 },
      "2026-06-08T23:50:04.300Z",
    ),
    event(
      "tool.result",
      { name: "Bash", call_id: "c2", output: null, error: "exit status 1" },
      "2026-06-08T23:50:09.200Z",
    ),
    event(
      "message.assistant",
      {
        role: "assistant",
        model: "claude-sonnet-4-5-20250929",
        message_id: "msg_2",
        usage: usage(2400, 300),
        blocks: text("The token check is inverted."),
      },
      "2026-06-08T23:58:00.000Z",
    ),
    event(
      "tool.call",
      { name: "Edit", call_id: "c3", input: { file_path: "auth.go", old_string: "!ok", new_string: "ok" } },
      "2026-06-08T23:58:01.000Z",
    ),
    event(
      "tool.result",
      { name: "Grep", call_id: "c4", output: "auth.go:3", duration_ms: 40 },
      "2026-06-08T23:58:02.000Z",
    ),
    event("tool.call", { name: "Grep", call_id: "c4", input: { pattern: "token" } }, "2026-06-08T23:58:02.500Z"),
    event(
      "message.user",
      { role: "user", blocks: [{ type: "tool_result", call_id: "c3", content: "edited" }] },
      "2026-06-09T00:01:00.000Z",
    ),
    event(
      "tool.call",
      { name: "Bash", call_id: "c5", input: { command: "go test ./..." } },
      "2026-06-09T00:01:01.000Z",
    ),
    event(
      "tool.result",
      { name: "Bash", call_id: "c5", output: "ok  auth 0.2s", duration_ms: 2100 },
      "2026-06-09T00:01:03.100Z",
    ),
    event(
      "tool.result",
      { name: "Read", call_id: "c1", output: null, error: "file changed since read" },
      "2026-06-09T00:01:04.000Z",
    ),
    event(
      "message.assistant",
      {
        role: "assistant",
        model: "gpt-5",
        message_id: "msg_3",
        usage: usage(1900, 80),
        blocks: text("Tests pass; the check is fixed."),
      },
      "2026-06-09T00:20:00.000Z",
    ),
    event("step.completed", { name: "fix", kind: "agent" }, "2026-06-09T00:20:00.500Z"),
    event("run.completed", { name: "fix-auth", kind: "workflow", status: "completed" }, "2026-06-09T00:20:01.000Z", ""),
  ];
  // More turns (a long run), before its last step ends: an answer, a command and its result each.
  const extra: string[] = [];
  for (let turn = 0; turn < extraTurns; turn += 1) {
    const at = (second: number) =>
      new Date(Date.UTC(2026, 5, 9, 1, 0, 0) + turn * 10_000 + second * 1000).toISOString();
    extra.push(
      event(
        "message.assistant",
        {
          role: "assistant",
          model: "claude-sonnet-4-5-20250929",
          message_id: `msg_t${turn}`,
          usage: usage(3000 + turn, 50),
          blocks: text(`Turn ${turn}: running the suite again.`),
        },
        at(0),
      ),
      event(
        "tool.call",
        { name: "Bash", call_id: `t${turn}`, input: { command: `go test -run Case${turn} ./...` } },
        at(1),
      ),
      event("tool.result", { name: "Bash", call_id: `t${turn}`, output: `ok case ${turn}`, duration_ms: 800 }, at(2)),
    );
  }
  // The step and the run end after the extra turns; every line numbered again in its place.
  const ending = lines.splice(-2);
  return `${[...lines, ...extra, ...ending]
    .map((line, index) => JSON.stringify({ ...(JSON.parse(line) as object), seq: index + 1 }))
    .join("\n")}\n`;
}

/** Everything the index holds of its runs, without the ids the database gave its rows and the time it indexed them. */
export function dump(database: string): unknown {
  const db = new SQLite(database, { readonly: true });
  try {
    const all = (sql: string) => db.prepare(sql).all();
    return {
      units: all("SELECT path, seq, kind, outcome, reason FROM units ORDER BY path"),
      stats: all(
        "SELECT u.path, s.stats, s.buckets, s.resume FROM unit_stats s JOIN units u ON u.id = s.unit_id ORDER BY u.path",
      ),
      files: all(
        "SELECT u.path, f.path AS file, f.size, f.sha256, f.is_child FROM unit_files f JOIN units u ON u.id = f.unit_id ORDER BY 1, 2",
      ),
      runs: all(
        "SELECT u.path, r.depth, r.view_path, r.run_id, r.title, r.agent, r.project, r.cwd, r.git_branch, r.status, r.started_at, r.models FROM runs r JOIN units u ON u.id = r.unit_id ORDER BY 1, 2, 3",
      ),
      messages: all(
        `SELECT u.path, r.view_path, m.position, m.message_id, m.role, m.model, m.at, m.at_ms, t.text
         FROM messages m JOIN runs r ON r.id = m.run JOIN units u ON u.id = r.unit_id
           LEFT JOIN message_text t ON t.rowid = m.id
         ORDER BY 1, 2, 3`,
      ),
      toolCalls: all(
        `SELECT u.path, r.view_path, m.position, c.call_id, c.name, c.summary, c.status, c.duration_ms
         FROM tool_calls c JOIN messages m ON m.id = c.message JOIN runs r ON r.id = m.run JOIN units u ON u.id = r.unit_id
         ORDER BY 1, 2, 3, c.id`,
      ),
    };
  } finally {
    db.close();
  }
}
