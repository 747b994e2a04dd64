// Where traces are sent: the endpoint given, else the OpenTelemetry variables, a base URL completed with the traces
// path, and what is said when there is none or it is no http(s) URL.
import { describe, expect, it } from "vitest";
import { otlpTracesUrl } from "./index.js";

describe("otlpTracesUrl", () => {
  it("takes the endpoint given, else the traces variable, else the base variable, as the exporters do", () => {
    const environment = {
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "http://traces:4318/v1/traces",
      OTEL_EXPORTER_OTLP_ENDPOINT: "http://base:4318",
    };
    expect(otlpTracesUrl("https://collector.example/api/public/otel", environment)).toBe(
      "https://collector.example/api/public/otel/v1/traces",
    );
    expect(otlpTracesUrl(undefined, environment)).toBe("http://traces:4318/v1/traces");
    expect(otlpTracesUrl("", { OTEL_EXPORTER_OTLP_ENDPOINT: "http://base:4318/" })).toBe("http://base:4318/v1/traces");
  });

  it("says what is missing in the caller's words, and refuses what is no http(s) URL", () => {
    expect(() => otlpTracesUrl(undefined, {})).toThrow(
      "no endpoint: give one, or set $OTEL_EXPORTER_OTLP_TRACES_ENDPOINT or $OTEL_EXPORTER_OTLP_ENDPOINT",
    );
    expect(() => otlpTracesUrl(undefined, {}, "needs an endpoint: --endpoint URL")).toThrow(
      /^needs an endpoint: --endpoint URL, or set \$OTEL_EXPORTER_OTLP_TRACES_ENDPOINT/,
    );
    expect(() => otlpTracesUrl("ftp://collector", {})).toThrow("the endpoint must be http: or https:, not ftp:");
    expect(() => otlpTracesUrl("not a url", {})).toThrow('the endpoint "not a url" is not a URL');
  });
});
