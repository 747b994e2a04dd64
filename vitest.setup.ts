// Loaded before every test file of every package (vitest.shared.ts, setupFiles).
import fc from "fast-check";

// A property that fails is shrunk towards its smallest counterexample, which for a large generated value (a session
// of 2,000 lines) can take hours, and a synchronous property holds its test worker, where no test timeout fires: one
// such failure held CI until its time limit, looking like a hang. Every run, shrinking included, now ends within five
// minutes; a failure found by then is reported with the smallest counterexample reached, and a run cut short before
// its number of runs fails too, so a property never passes by running out of time.
fc.configureGlobal({ interruptAfterTimeLimit: 300_000, markInterruptAsFailure: true });
