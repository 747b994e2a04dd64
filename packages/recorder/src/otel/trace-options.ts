// Where traces go and how, as the OpenTelemetry exporters take it: shared by the sender and the live export's thread.

/** OTLP over HTTP: protobuf (the collectors' default) or JSON. */
export type OtlpProtocol = "http/protobuf" | "http/json";

/** Where traces go and how: what the OpenTelemetry exporters take. */
export interface TraceSenderOptions {
  /** The traces URL (`…/v1/traces`); see {@link otlpTracesUrl}. */
  url: string;
  /** Default `http/protobuf`. */
  protocol?: OtlpProtocol;
  /** Sent with every request (authorization, a tenant, a backend's version header). */
  headers?: Readonly<Record<string, string>>;
  /** How long one request may take, retries with backoff included; default 10,000 ms. */
  timeoutMillis?: number;
}
