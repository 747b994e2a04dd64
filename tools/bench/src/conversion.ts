// Conversion throughput: a real provider request converted native → canonical → native (the provider's
// requestToCanonical, then requestFromCanonical), against structuredClone of the same request, the cheapest way to
// produce an equivalent fresh object graph. Target: conversion throughput (messages per second) at least 0.3× the
// clone's, which in the runner's terms (candidate time ÷ baseline time) is a ratio of at most 1 / 0.3 ≈ 3.33×.
import type { BenchmarkSpec, BenchmarkResult } from "./measure.js";
import { providerConverters } from "@agent-transcript/providers";
import { loadProviderRequests } from "./provider-requests.js";

export const conversionBenchmarkId = "convert-roundtrip";

/** Conversion messages per second ÷ structuredClone messages per second must be at least this. */
export const minimumThroughputRatio = 0.3;

export function conversionBenchmark(): BenchmarkSpec {
  const requests = loadProviderRequests();
  const messages = requests.reduce((sum, request) => sum + request.messages, 0);
  const bytes = requests.reduce((sum, request) => sum + request.bytes, 0);
  const perApi = Object.keys(providerConverters)
    .map((api) => `${api} ${requests.filter((request) => request.api === api).length}`)
    .join(", ");
  return {
    id: conversionBenchmarkId,
    title: "provider request → canonical → provider request vs structuredClone (messages per second)",
    baseline: {
      label: "structuredClone(request)",
      pass: () => {
        let sum = 0;
        for (const request of requests) sum += Object.keys(structuredClone(request.value) as object).length;
        return sum;
      },
    },
    candidate: {
      label: "format.requestFromCanonical(format.requestToCanonical(request).document)",
      pass: () => {
        let sum = 0;
        for (const request of requests) {
          const format = providerConverters[request.api];
          const canonical = format.requestToCanonical(request.value);
          if (!canonical.ok) throw new Error(`${request.origin}: conversion failed during timing`);
          const back = format.requestFromCanonical(canonical.document);
          if (!back.ok) throw new Error(`${request.origin}: conversion back failed during timing`);
          sum += canonical.document.messages.length + Object.keys(back.value as object).length;
        }
        return sum;
      },
    },
    bytesPerPass: bytes,
    itemsPerPass: messages,
    maxRatio: 1 / minimumThroughputRatio,
    // A forced full GC before each sample deoptimises the converters (they build many short-lived object shapes) and
    // doubled the measured time; conversion is judged in the steady state it runs in.
    forcedGcBeforeSamples: false,
    // Seven converters are hundreds of functions: after the default five passes the JIT is still optimising them,
    // and the rounds' upper quartile measured that (3.85× at 5 warm-up passes, 2.69× at 30).
    minimumWarmupPasses: 30,
    note: `${requests.length} real requests (${perApi}), ${messages} canonical messages per pass. Target: conversion throughput ≥ ${minimumThroughputRatio}× structuredClone's, i.e. a time ratio ≤ ${(1 / minimumThroughputRatio).toFixed(2)}×. Garbage is collected naturally during both sides' samples, not forced before each (see tools/bench/README.md).`,
  };
}

/** The benchmark's result in its own terms: messages per second of both sides and their throughput ratio. */
export function conversionThroughputLine(result: BenchmarkResult): string {
  const perSecond = (ms: number): number => result.itemsPerPass / (ms / 1000);
  const format = (value: number): string => Math.round(value).toLocaleString("en-US");
  return (
    `- ${result.id} throughput: conversion ${format(perSecond(result.candidate.medianMs))} messages/s, structuredClone ${format(perSecond(result.baseline.medianMs))} messages/s; ` +
    `throughput ratio ${(1 / result.ratio).toFixed(2)}× (target ≥ ${minimumThroughputRatio}×).`
  );
}
