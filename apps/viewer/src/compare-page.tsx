/**
 * The compare mode (`agent-transcript view A B`): the two runs' facts side by side with what differs marked, then
 * their turns, aligned, each with its prompt, its tool calls paired (the same, changed, only one run's), its tokens,
 * cost and duration, and what the agent said last. Each side links into that run's own page at the message.
 */
import { useEffect, useMemo, useState } from "preact/hooks";
import { formatMoney, groupDigits, type Tolerant } from "@agent-transcript/core";
import { compareRuns, type CallPairing, type RunFacts, type Turn, type TurnCall } from "./compare.js";
import { clipped, InlineText } from "./long-text.js";
import { formatDuration, formatTokens } from "./model.js";

export interface CompareSide {
  document: Tolerant.Transcript;
  name: string;
  /** The page that shows this run alone (`?src=…`), without a fragment. */
  href: string;
}

const factRows: Array<{ label: string; value: (facts: RunFacts) => string }> = [
  { label: "title", value: (facts) => facts.title },
  { label: "status", value: (facts) => facts.status ?? "–" },
  { label: "models", value: (facts) => facts.models.join(", ") || "–" },
  { label: "turns", value: (facts) => groupDigits(facts.turns) },
  { label: "messages", value: (facts) => groupDigits(facts.messages) },
  { label: "tool calls", value: (facts) => groupDigits(facts.toolCalls) },
  { label: "failed calls", value: (facts) => groupDigits(facts.failedCalls) },
  { label: "tokens in", value: (facts) => groupDigits(facts.inputTokens) },
  { label: "tokens out", value: (facts) => groupDigits(facts.outputTokens) },
  { label: "cost", value: (facts) => facts.cost ?? "–" },
  { label: "duration", value: (facts) => formatDuration(facts.durationMs) },
  { label: "last words", value: (facts) => facts.outcome ?? "–" },
];

const pairingLabels: Record<CallPairing["kind"], string> = {
  same: "same",
  changed: "changed",
  "only-a": "only A",
  "only-b": "only B",
};

export function ComparePage({ a, b }: { a: CompareSide; b: CompareSide }) {
  const comparison = useMemo(() => compareRuns(a.document, b.document), [a.document, b.document]);
  const [onlyDifferences, setOnlyDifferences] = useState(false);
  useEffect(() => {
    window.document.title = `${clipped(a.name)} vs ${clipped(b.name)} · Agent Transcript`;
  }, [a.name, b.name]);
  const differingCalls = comparison.turns.reduce(
    (count, turn) => count + turn.calls.filter((pairing) => pairing.kind !== "same").length,
    0,
  );
  return (
    <div class="compare-page">
      <header class="run-header">
        <div class="title-line">
          <h1 class="run-title">Two runs compared</h1>
          <span class="muted" data-testid="differing-calls">
            {groupDigits(differingCalls)} tool calls differ
          </span>
        </div>
        <table class="compare-facts" data-testid="compare-facts">
          <thead>
            <tr>
              <th />
              {[
                { label: "A", side: a },
                { label: "B", side: b },
              ].map(({ label, side }) => (
                <th key={label}>
                  {label}:{" "}
                  <a href={side.href} class="open-side">
                    <InlineText text={side.name} />
                  </a>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {factRows.map(({ label, value }) => {
              const left = value(comparison.a);
              const right = value(comparison.b);
              return (
                <tr key={label} class={left === right ? "" : "differs"} data-fact={label}>
                  <th>{label}</th>
                  <td>
                    <InlineText text={left} />
                  </td>
                  <td>
                    <InlineText text={right} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </header>
      <main class="compare-turns">
        <label class="only-differences">
          <input
            type="checkbox"
            checked={onlyDifferences}
            onChange={(event) => setOnlyDifferences((event.currentTarget as HTMLInputElement).checked)}
          />{" "}
          only the calls that differ
        </label>
        {comparison.turns.map((turn, index) => (
          <section key={index} class="turn-pair" data-turn={index}>
            <div class="turn-sides">
              <TurnSide turn={turn.a} side={a} label="A" />
              <TurnSide turn={turn.b} side={b} label="B" />
            </div>
            <ol class="call-pairs">
              {turn.calls
                .filter((pairing) => !onlyDifferences || pairing.kind !== "same")
                .map((pairing, callIndex) => (
                  <li key={callIndex} class={`call-pair pairing-${pairing.kind}`} data-pairing={pairing.kind}>
                    <CallSide call={"a" in pairing ? pairing.a : undefined} side={a} />
                    <span class={`badge pairing-badge pairing-${pairing.kind}`}>{pairingLabels[pairing.kind]}</span>
                    <CallSide call={"b" in pairing ? pairing.b : undefined} side={b} />
                  </li>
                ))}
            </ol>
          </section>
        ))}
      </main>
    </div>
  );
}

function TurnSide({ turn, side, label }: { turn: Turn | undefined; side: CompareSide; label: string }) {
  if (turn === undefined)
    return (
      <div class="turn-side missing">
        <span class="muted">{label} has no turn here</span>
      </div>
    );
  return (
    <div class="turn-side">
      <a class="turn-prompt" href={`${side.href}#m=${turn.first}`}>
        {turn.prompt === null ? <span class="muted">before the first prompt</span> : <InlineText text={turn.prompt} />}
      </a>
      <div class="muted turn-numbers">
        {groupDigits(turn.calls.length)} calls · {formatTokens(turn.usage?.input_tokens)} in ·{" "}
        {formatTokens(turn.usage?.output_tokens)} out · {turn.cost > 0 ? formatMoney(turn.cost, "USD") : "–"} ·{" "}
        {formatDuration(turn.durationMs)}
      </div>
      {turn.outcome !== null && (
        <div class="turn-outcome">
          <InlineText text={turn.outcome} />
        </div>
      )}
    </div>
  );
}

function CallSide({ call, side }: { call: TurnCall | undefined; side: CompareSide }) {
  if (call === undefined) return <span class="call-side call-side-none" />;
  return (
    <a class={`call-side status-${call.status}`} href={`${side.href}#m=${call.message}`}>
      <span class="tool-name">
        <InlineText text={call.name} />
      </span>{" "}
      {call.summary !== null && (
        <code class="tool-summary">
          <InlineText text={call.summary} />
        </code>
      )}{" "}
      <span class={`badge status status-${call.status}`}>{call.status}</span>
    </a>
  );
}
