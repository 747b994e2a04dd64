// Loaded before every test file of every package (vitest.shared.ts, setupFiles).
import { appendFileSync } from "node:fs";
import fc from "fast-check";
import { expect, vi } from "vitest";

/**
 * How many times the property runs (issue #28: at least 1,000 each in `pnpm test`). A property that wants more says
 * so as a multiple of it (`numRuns: 2 * fc.readConfigureGlobal().numRuns!`), so that the long mode scales it too.
 */
const defaultPropertyRuns = 1_000;

/**
 * The long mode: `AGENT_TRANSCRIPT_PROPERTY_RUNS=10` runs every property ten times as often. A factor below 1 runs
 * them less often — CI's second run on another Node.js takes a tenth, the test command itself never less than the
 * default. Anything but a positive number is refused rather than silently running the default, which would pass as
 * a long run that was not.
 */
function propertyRunsFactor(): number {
  const text = process.env.AGENT_TRANSCRIPT_PROPERTY_RUNS;
  if (text === undefined || text === "") return 1;
  const factor = Number(text);
  if (!Number.isFinite(factor) || factor <= 0 || text.trim() !== text)
    throw new Error(
      `AGENT_TRANSCRIPT_PROPERTY_RUNS must be a positive number (a factor on every property's runs), not "${text}"`,
    );
  return factor;
}

// A property that fails is shrunk towards its smallest counterexample, which for a large generated value (a session
// of 2,000 lines) can take hours, and a synchronous property holds its test worker, where no test timeout fires: one
// such failure held CI until its time limit, looking like a hang. Every run, shrinking included, now ends within five
// minutes; a failure found by then is reported with the smallest counterexample reached, and a run cut short before
// its number of runs fails too, so a property never passes by running out of time. The long mode gives each property
// as much more time as it has runs.
const factor = propertyRunsFactor();
fc.configureGlobal({
  numRuns: Math.max(1, Math.round(defaultPropertyRuns * factor)),
  interruptAfterTimeLimit: 300_000 * Math.max(1, factor),
  markInterruptAsFailure: true,
});

// A long run's properties hold their tests that much longer: the timeouts of vitest.shared.ts (120 s a test, 300 s a
// hook) grow with the factor, or a property passing its 10,000 runs would be failed by the clock. A property test
// naming its own timeout writes it in proportion to its runs (`300 * fc.readConfigureGlobal().numRuns!`).
if (factor > 1) vi.setConfig({ testTimeout: 120_000 * factor, hookTimeout: 300_000 * factor });

// The reliability campaign `properties` (tools/reliability) counts every property's runs from fast-check's own result
// of each assertion: with AGENT_TRANSCRIPT_PROPERTY_LOG naming a file, one JSON line per property is appended to it.
// The plugin only records: it does not throw, so a failure is still reported by fast-check's own reporter, with its
// own message and counterexample, exactly as without the log.
const propertyLog = process.env.AGENT_TRANSCRIPT_PROPERTY_LOG;
if (propertyLog !== undefined && propertyLog !== "")
  fc.installGlobalPlugin(() => {
    const started = performance.now();
    return {
      onAllRunsComplete(details) {
        const state = expect.getState();
        appendFileSync(
          propertyLog,
          `${JSON.stringify({
            file: state.testPath ?? null,
            test: state.currentTestName ?? null,
            numRuns: details.numRuns,
            asked: details.runConfiguration.numRuns ?? null,
            failed: details.failed,
            interrupted: details.interrupted,
            milliseconds: Math.round(performance.now() - started),
          })}\n`,
        );
      },
    };
  });
