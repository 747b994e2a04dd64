// A/B timing as docs/performance-and-reliability.md §7 asks: both sides in one process, warmed up, then interleaved
// rounds (ABBA order, so neither side always runs on a cache or heap the other just warmed or dirtied), several runs
// (processes), and the ratio reported with its spread. Only ratios are trusted: our machines are shared and noisy, and
// absolute times of one benchmark differ by up to 1.5× between two processes minutes apart.

/** One side of a comparison: `pass` processes the whole input once and returns a value derived from the work. */
export interface Side {
  readonly label: string;
  readonly pass: () => number;
}

/** One input class of a class benchmark: `pass` runs the operation over the class's `bytes` once. */
export interface InputClass {
  readonly label: string;
  readonly bytes: number;
  readonly pass: () => number;
}

/** A comparison of two sides: the candidate's time ÷ the baseline's. */
export interface PairSpec extends CommonSpec {
  /** The reference side, e.g. bare `JSON.parse`. */
  readonly baseline: Side;
  /** The side whose cost is judged, e.g. `decodeTranscript` with strict validation. */
  readonly candidate: Side;
  readonly classes?: undefined;
}

/**
 * One operation over several input classes, each timed on its own in every round (in a rotating order). The round's
 * "baseline" is the classes' mean time per megabyte and its "candidate" the slowest class's time per megabyte, so the
 * ratio is worst ÷ average: how much more a megabyte of the worst input costs than a megabyte of the average one.
 * The slowest class is the one with the highest median over all rounds of all runs (see {@link aggregate}), not each
 * round's maximum: on a noisy machine the maximum of several samples picks up whichever one the noise hit.
 */
export interface ClassesSpec extends CommonSpec {
  readonly baseline: { readonly label: string };
  readonly candidate: { readonly label: string };
  readonly classes: readonly InputClass[];
}

export type BenchmarkSpec = PairSpec | ClassesSpec;

interface CommonSpec {
  readonly id: string;
  readonly title: string;
  /** UTF-8 bytes one pass processes, for throughput. */
  readonly bytesPerPass: number;
  /** Documents (or values) one pass processes. */
  readonly itemsPerPass: number;
  /** Issue #3's ceiling for candidate ÷ baseline time, when there is one. */
  readonly maxRatio?: number;
  readonly note?: string;
  /**
   * Whether samples start from a forced full GC (the default, when `--expose-gc` allows it). False where that would
   * measure V8 re-optimising the candidate instead of the candidate: a full GC frees the hidden classes of the last
   * pass's short-lived objects and deoptimises every function compiled against them ("weak objects" in
   * `--trace-deopt`), so the next passes run in the interpreter again. Such benchmarks let garbage be collected as it
   * naturally is, during the samples of both sides (ABBA order shares it out).
   */
  readonly forcedGcBeforeSamples?: boolean;
  /** At least this many warm-up passes, for a candidate with so much code that the run's default leaves it half-optimised. */
  readonly minimumWarmupPasses?: number;
}

export interface MeasureOptions {
  readonly rounds: number;
  /** Passes of each side before timing starts, so both are optimised by the JIT before either is measured. */
  readonly warmupPasses: number;
  /** Each timed sample repeats the pass until it lasts at least this long (decided once, during warm-up). */
  readonly minSampleMs: number;
  /** A full GC before each sample, so one side never pays for the garbage the other side left behind. */
  readonly collectGarbage: (() => void) | undefined;
}

/** What one process measured for one benchmark: the raw per-round times, aggregated by {@link aggregate}. */
export interface RunMeasurement {
  /** Per-pass milliseconds of each timed sample, one entry per round. */
  readonly baselineMs: readonly number[];
  readonly candidateMs: readonly number[];
  readonly passesPerSample: number;
  /** XOR of the values the passes returned: keeps the work observable; equal corpora give equal checksums. */
  readonly checksum: number;
  /**
   * Class benchmarks: each class's milliseconds per megabyte, one entry per round. (`baselineMs` is then each
   * round's mean over the classes and `candidateMs` its maximum, until {@link aggregate} picks the slowest class.)
   */
  readonly classes?: readonly { readonly label: string; readonly bytes: number; readonly msPerMegabyte: number[] }[];
}

/** A spec without its functions: what a child process reports back beside its measurement. */
export type BenchmarkInfo = Omit<BenchmarkSpec, "baseline" | "candidate" | "classes"> & {
  readonly baselineLabel: string;
  readonly candidateLabel: string;
};

export interface SideResult {
  readonly label: string;
  /** Median over all rounds of all runs of one pass's time. */
  readonly medianMs: number;
  readonly minMs: number;
  readonly maxMs: number;
  /** bytesPerPass ÷ medianMs. */
  readonly megabytesPerSecond: number;
}

export interface RatioSpread {
  /** Quantiles of the per-round ratios (candidate ÷ baseline of the same round), pooled over runs. */
  readonly p25: number;
  readonly p75: number;
  readonly min: number;
  readonly max: number;
}

export interface RunSummary {
  /** Median of this run's per-round ratios. */
  readonly ratio: number;
  readonly baselineMedianMs: number;
  readonly candidateMedianMs: number;
  readonly passesPerSample: number;
}

export type Verdict = "meets" | "misses" | "borderline";

export interface BenchmarkResult {
  readonly id: string;
  readonly title: string;
  readonly note: string | null;
  /** False when samples did not start from a forced full GC (see {@link BenchmarkSpec.forcedGcBeforeSamples}). */
  readonly forcedGcBeforeSamples: boolean;
  readonly baseline: SideResult;
  readonly candidate: SideResult;
  /**
   * The headline: median of the per-round ratios pooled over all runs. A round times both sides back to back, so
   * its ratio cancels the slow drift of a shared machine's speed, which the ratio of two separate medians does not.
   */
  readonly ratio: number;
  /** candidate.medianMs ÷ baseline.medianMs, for comparison with the headline. */
  readonly ratioOfMedians: number;
  readonly spread: RatioSpread;
  /** One entry per process: the run-to-run spread, which on a shared machine is often wider than the within-run one. */
  readonly runs: readonly RunSummary[];
  readonly roundsPerRun: number;
  readonly bytesPerPass: number;
  readonly itemsPerPass: number;
  readonly maxRatio: number | null;
  /**
   * Judged on the spread, not the point estimate alone: `meets` when even the 75th-percentile round is within the
   * target, `misses` when even the 25th-percentile round is over it, `borderline` when the spread straddles it.
   */
  readonly verdict: Verdict | null;
  readonly checksums: readonly number[];
  /** Class benchmarks: each class's median over all rounds of all runs; null for two-sided benchmarks. */
  readonly classes: readonly ClassResult[] | null;
}

export interface ClassResult {
  readonly label: string;
  readonly bytes: number;
  readonly medianMsPerMegabyte: number;
  readonly megabytesPerSecond: number;
  /** This class's median time per megabyte ÷ the mean of all classes' medians. */
  readonly relativeToAverage: number;
}

/**
 * Class benchmarks: each round's candidate becomes the time of the class whose median over all rounds of all runs is
 * the highest (a run measures each round's maximum, the best it can do alone).
 */
function slowestClassRuns(runs: readonly RunMeasurement[]): RunMeasurement[] {
  const count = runs[0]?.classes?.length ?? 0;
  let slowest = 0;
  let slowestMedian = -Infinity;
  for (let index = 0; index < count; index += 1) {
    const median = quantile(sortedCopy(runs.flatMap((run) => run.classes?.[index]?.msPerMegabyte ?? [])), 0.5);
    if (median > slowestMedian) [slowest, slowestMedian] = [index, median];
  }
  return runs.map((run) => ({ ...run, candidateMs: run.classes?.[slowest]?.msPerMegabyte ?? run.candidateMs }));
}

function classResults(runs: readonly RunMeasurement[]): ClassResult[] | null {
  const first = runs[0]?.classes;
  if (first === undefined) return null;
  const medians = first.map((inputClass, index) =>
    quantile(sortedCopy(runs.flatMap((run) => run.classes?.[index]?.msPerMegabyte ?? [])), 0.5),
  );
  const average = medians.reduce((sum, median) => sum + median, 0) / medians.length;
  return first.map((inputClass, index) => {
    const median = medians[index] as number;
    return {
      label: inputClass.label,
      bytes: inputClass.bytes,
      medianMsPerMegabyte: median,
      megabytesPerSecond: 1000 / median,
      relativeToAverage: median / average,
    };
  });
}

/** Linear-interpolated quantile of sorted values (the R-7 / Excel definition). */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) throw new RangeError("quantile of no values");
  const position = (sorted.length - 1) * q;
  const lower = Math.floor(position);
  const upper = Math.ceil(position);
  const low = sorted[lower] as number;
  const high = sorted[upper] as number;
  return low + (high - low) * (position - lower);
}

/** The median of any values (interpolated between the middle two of an even count). */
export function median(values: readonly number[]): number {
  return quantile(sortedCopy(values), 0.5);
}

function sortedCopy(values: readonly number[]): number[] {
  return [...values].sort((left, right) => left - right);
}

function timeSample(
  side: Side,
  passes: number,
  collectGarbage: (() => void) | undefined,
): { ms: number; checksum: number } {
  collectGarbage?.();
  let checksum = 0;
  const start = performance.now();
  for (let pass = 0; pass < passes; pass += 1) checksum ^= side.pass();
  const elapsed = performance.now() - start;
  return { ms: elapsed / passes, checksum };
}

export function verdictFor(maxRatio: number | null, spread: RatioSpread): Verdict | null {
  if (maxRatio === null) return null;
  if (spread.p75 <= maxRatio) return "meets";
  if (spread.p25 > maxRatio) return "misses";
  return "borderline";
}

/** Of samples each judged on its own: `meets` when every one is within `max`, `misses` when every one is over it. */
export function verdictOfEvery(values: readonly number[], max: number): Verdict {
  if (values.every((value) => value <= max)) return "meets";
  return values.every((value) => value > max) ? "misses" : "borderline";
}

export function benchmarkInfo(spec: BenchmarkSpec): BenchmarkInfo {
  const { baseline, candidate, classes: _classes, ...info } = spec;
  return { ...info, baselineLabel: baseline.label, candidateLabel: candidate.label };
}

/** One run: warm-up, calibration, then `rounds` interleaved rounds. */
export function measure(spec: BenchmarkSpec, options: MeasureOptions): RunMeasurement {
  if (options.rounds < 1) throw new RangeError("at least one round is needed");
  if (spec.classes !== undefined) return measureClasses(spec.classes, options);
  let checksum = 0;
  // Warm-up: alternate the sides so both reach optimised code; the last pass of each calibrates the sample length.
  let baselineMs = Number.POSITIVE_INFINITY;
  let candidateMs = Number.POSITIVE_INFINITY;
  for (let pass = 0; pass < Math.max(1, options.warmupPasses); pass += 1) {
    const baseline = timeSample(spec.baseline, 1, undefined);
    const candidate = timeSample(spec.candidate, 1, undefined);
    checksum ^= baseline.checksum ^ candidate.checksum;
    baselineMs = baseline.ms;
    candidateMs = candidate.ms;
  }
  // Both sides get the same pass count, sized so the faster one's sample still lasts minSampleMs.
  const fastest = Math.max(1e-3, Math.min(baselineMs, candidateMs));
  const passesPerSample = Math.max(1, Math.ceil(options.minSampleMs / fastest));

  const baselineTimes: number[] = [];
  const candidateTimes: number[] = [];
  for (let round = 0; round < options.rounds; round += 1) {
    // ABBA: even rounds run the baseline first, odd rounds the candidate first.
    const baselineFirst = round % 2 === 0;
    const first = timeSample(baselineFirst ? spec.baseline : spec.candidate, passesPerSample, options.collectGarbage);
    const second = timeSample(baselineFirst ? spec.candidate : spec.baseline, passesPerSample, options.collectGarbage);
    const baseline = baselineFirst ? first : second;
    const candidate = baselineFirst ? second : first;
    checksum ^= baseline.checksum ^ candidate.checksum;
    baselineTimes.push(baseline.ms);
    candidateTimes.push(candidate.ms);
  }
  return { baselineMs: baselineTimes, candidateMs: candidateTimes, passesPerSample, checksum };
}

/**
 * One run of a class benchmark: every class warmed up, each class's sample length calibrated on its own, then in each
 * round every class timed once (the order rotates from round to round). Times are per megabyte, so classes of
 * slightly different sizes compare fairly; the round's baseline is their mean and its candidate their maximum.
 */
function measureClasses(classes: readonly InputClass[], options: MeasureOptions): RunMeasurement {
  if (classes.length === 0) throw new RangeError("a class benchmark needs at least one class");
  let checksum = 0;
  const passes = classes.map(() => 1);
  for (let pass = 0; pass < Math.max(1, options.warmupPasses); pass += 1) {
    for (const [index, inputClass] of classes.entries()) {
      const sample = timeSample(inputClass, 1, undefined);
      checksum ^= sample.checksum;
      passes[index] = Math.max(1, Math.ceil(options.minSampleMs / Math.max(1e-3, sample.ms)));
    }
  }
  const perClass = classes.map((inputClass) => ({
    label: inputClass.label,
    bytes: inputClass.bytes,
    msPerMegabyte: [] as number[],
  }));
  const baselineTimes: number[] = [];
  const candidateTimes: number[] = [];
  for (let round = 0; round < options.rounds; round += 1) {
    const times: number[] = [];
    for (let step = 0; step < classes.length; step += 1) {
      const index = (round + step) % classes.length;
      const inputClass = classes[index] as InputClass;
      const sample = timeSample(inputClass, passes[index] as number, options.collectGarbage);
      checksum ^= sample.checksum;
      const msPerMegabyte = sample.ms / (inputClass.bytes / 1e6);
      times[index] = msPerMegabyte;
      perClass[index]?.msPerMegabyte.push(msPerMegabyte);
    }
    baselineTimes.push(times.reduce((sum, time) => sum + time, 0) / times.length);
    candidateTimes.push(Math.max(...times));
  }
  return {
    baselineMs: baselineTimes,
    candidateMs: candidateTimes,
    passesPerSample: Math.min(...passes),
    checksum,
    classes: perClass,
  };
}

function sideResult(label: string, perPassMs: readonly number[], bytesPerPass: number): SideResult {
  const sorted = sortedCopy(perPassMs);
  const medianMs = quantile(sorted, 0.5);
  return {
    label,
    medianMs,
    minMs: sorted[0] as number,
    maxMs: sorted[sorted.length - 1] as number,
    megabytesPerSecond: bytesPerPass / 1e6 / (medianMs / 1e3),
  };
}

function roundRatios(run: RunMeasurement): number[] {
  return run.candidateMs.map((candidate, index) => candidate / (run.baselineMs[index] as number));
}

/** Pools the runs (processes) of one benchmark into its result. */
export function aggregate(info: BenchmarkInfo, measured: readonly RunMeasurement[]): BenchmarkResult {
  if (measured.length === 0) throw new RangeError(`benchmark ${info.id}: no runs to aggregate`);
  const runs = measured[0]?.classes === undefined ? measured : slowestClassRuns(measured);
  const ratios = sortedCopy(runs.flatMap(roundRatios));
  const spread: RatioSpread = {
    p25: quantile(ratios, 0.25),
    p75: quantile(ratios, 0.75),
    min: ratios[0] as number,
    max: ratios[ratios.length - 1] as number,
  };
  const baseline = sideResult(
    info.baselineLabel,
    runs.flatMap((run) => run.baselineMs),
    info.bytesPerPass,
  );
  const candidate = sideResult(
    info.candidateLabel,
    runs.flatMap((run) => run.candidateMs),
    info.bytesPerPass,
  );
  const maxRatio = info.maxRatio ?? null;
  return {
    id: info.id,
    title: info.title,
    note: info.note ?? null,
    forcedGcBeforeSamples: info.forcedGcBeforeSamples !== false,
    baseline,
    candidate,
    ratio: quantile(ratios, 0.5),
    ratioOfMedians: candidate.medianMs / baseline.medianMs,
    spread,
    runs: runs.map((run) => ({
      ratio: quantile(sortedCopy(roundRatios(run)), 0.5),
      baselineMedianMs: quantile(sortedCopy(run.baselineMs), 0.5),
      candidateMedianMs: quantile(sortedCopy(run.candidateMs), 0.5),
      passesPerSample: run.passesPerSample,
    })),
    roundsPerRun: Math.min(...runs.map((run) => run.baselineMs.length)),
    bytesPerPass: info.bytesPerPass,
    itemsPerPass: info.itemsPerPass,
    maxRatio,
    verdict: verdictFor(maxRatio, spread),
    checksums: runs.map((run) => run.checksum),
    classes: classResults(runs),
  };
}
