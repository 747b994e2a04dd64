/**
 * Sending OTLP traces with the OpenTelemetry JS exporters: where they go (the endpoint, as the OpenTelemetry
 * variables name it), and requests of the spans `toOtlpTraces` makes, within a span count and a size, each with the
 * exporter's own encoding (OTLP/HTTP protobuf or JSON), headers, timeout and retries with backoff. `otel push` sends
 * a finished run this way; the live export's thread sends each batch of a running one through the same exporters.
 */
import type { OtlpTraceRequest } from "@agent-transcript/providers";

export type { OtlpProtocol, TraceSenderOptions } from "./trace-options.js";
import type { ReadableSpan } from "@opentelemetry/sdk-trace";
import { otlpSpanExporter } from "./otlp-exporter.js";
import type { TraceSenderOptions } from "./trace-options.js";
import { readableSpans } from "./readable-spans.js";

/**
 * The URL traces are sent to: `endpoint`, else `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`, else `OTEL_EXPORTER_OTLP_ENDPOINT`
 * of `environment`; a base URL (a collector's, a vendor's `/api/public/otel`) gets the traces path `/v1/traces`, as
 * the OpenTelemetry exporters do with `OTEL_EXPORTER_OTLP_ENDPOINT`. Throws a `RangeError` saying what is wrong when
 * none is set or it is not an http: or https: URL; `missing` is how the caller's own words begin the first case (a
 * command names its option), before the variables that would do instead.
 */
export function otlpTracesUrl(
  endpoint: string | undefined,
  environment: Readonly<Record<string, string | undefined>>,
  missing = "no endpoint: give one",
): string {
  const text = [endpoint, environment.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, environment.OTEL_EXPORTER_OTLP_ENDPOINT].find(
    (candidate) => candidate !== undefined && candidate !== "",
  );
  if (text === undefined)
    throw new RangeError(`${missing}, or set $OTEL_EXPORTER_OTLP_TRACES_ENDPOINT or $OTEL_EXPORTER_OTLP_ENDPOINT`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new RangeError(`the endpoint ${JSON.stringify(text)} is not a URL`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new RangeError(`the endpoint must be http: or https:, not ${url.protocol}`);
  if (!url.pathname.endsWith("/v1/traces")) url.pathname = `${url.pathname.replace(/\/$/, "")}/v1/traces`;
  return url.toString();
}

/** What sending one trace did. */
export interface TraceSendResult {
  /** Spans delivered. */
  spans: number;
  /** Requests made (the last one the failed one, when one failed). */
  requests: number;
  /** Why the rest was not sent (the exporter's error, naming the URL); undefined when everything was. */
  error: string | undefined;
}

/** Sends finished traces, a request at a time, through one exporter; `shutdown()` when done. */
export interface TraceSender {
  /**
   * Sends the request's spans in requests of at most `batchSize` spans (512) and about `maxRequestCharacters` of
   * JSON (4 MiB: collectors' receivers take some tens of MiB by default), stopping at the first that fails.
   */
  send(
    request: OtlpTraceRequest,
    limits?: { batchSize?: number; maxRequestCharacters?: number },
  ): Promise<TraceSendResult>;
  shutdown(): Promise<void>;
}

export function createTraceSender(options: TraceSenderOptions): TraceSender {
  const exporter = otlpSpanExporter(options);
  return {
    async send(request, limits = {}) {
      const result: TraceSendResult = { spans: 0, requests: 0, error: undefined };
      for (const batch of batches(request, limits.batchSize ?? 512, limits.maxRequestCharacters ?? 4 * 1024 * 1024)) {
        const sent = await new Promise<{ code: number; error?: Error }>((resolve) => exporter.export(batch, resolve));
        result.requests += 1;
        if (sent.code !== 0) {
          result.error = `${options.url}: ${sent.error?.message ?? "the export failed"}`;
          break;
        }
        result.spans += batch.length;
      }
      return result;
    },
    shutdown: () => exporter.shutdown().catch(() => undefined),
  };
}

/** The spans in requests of at most `size` spans and about `maxCharacters` of JSON. */
function batches(request: OtlpTraceRequest, size: number, maxCharacters: number): ReadableSpan[][] {
  const spans = readableSpans(request);
  const sizes = request.resourceSpans.flatMap((resource) =>
    resource.scopeSpans.flatMap((scope) => scope.spans.map((span) => JSON.stringify(span).length)),
  );
  const out: ReadableSpan[][] = [];
  let current: ReadableSpan[] = [];
  let characters = 0;
  spans.forEach((span, index) => {
    const length = sizes[index] ?? 0;
    if (current.length > 0 && (current.length >= size || characters + length > maxCharacters)) {
      out.push(current);
      current = [];
      characters = 0;
    }
    current.push(span);
    characters += length;
  });
  if (current.length > 0) out.push(current);
  return out;
}
