import type client from 'prom-client';

/** Latency buckets of inspo_http_request_duration_seconds, in seconds. */
export const LATENCY_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5] as const;

interface Series {
  labels: { method: string; route: string };
  /** Answers per status class ('2xx'...). */
  byStatus: Map<string, number>;
  /** Observations per bucket (not cumulative); the last slot counts those above every bound. */
  buckets: number[];
  sum: number;
  count: number;
}

type Value = { labels: Record<string, string | number>; value: number; metricName?: string };

/**
 * Request count and latency per method and route template, as the Prometheus series
 * inspo_http_requests_total (counter) and inspo_http_request_duration_seconds (histogram).
 *
 * Every request is counted, so counting is a few additions on plain numbers: prom-client's own
 * `inc` and `observe` validate and hash their labels on every call, even through `labels()`
 * (issue 16: about 7 µs of the hot path's request). The registry reads the series in prom-client's
 * format at scrape time: it accepts any object with `get()` as a metric (registry.js).
 */
export function requestMetrics(registry: client.Registry) {
  const series = new Map<string, Series>();
  const byRoute = new Map<string, Map<string, Series>>();

  function metric(name: string, help: string, type: 'counter' | 'histogram', values: () => Value[]) {
    const get = async () => ({ name, help, type, aggregator: 'sum', values: values() });
    registry.registerMetric({
      name,
      help,
      type,
      get,
      reset: () => {
        series.clear();
        byRoute.clear();
      },
    } as unknown as client.Metric);
  }

  metric('inspo_http_requests_total', 'HTTP requests answered, by method, route template and status class', 'counter', () =>
    [...series.values()].flatMap((s) => [...s.byStatus].map(([status, value]) => ({ labels: { ...s.labels, status }, value }))),
  );
  const latency = 'inspo_http_request_duration_seconds';
  metric(latency, 'Time from request to response, by method and route template', 'histogram', () =>
    [...series.values()].flatMap((s) => {
      let cumulative = 0;
      const buckets: Value[] = LATENCY_BUCKETS.map((le, i) => {
        cumulative += s.buckets[i] ?? 0;
        return { labels: { le, ...s.labels }, value: cumulative, metricName: `${latency}_bucket` };
      });
      return [
        ...buckets,
        { labels: { le: '+Inf', ...s.labels }, value: s.count, metricName: `${latency}_bucket` },
        { labels: s.labels, value: s.sum, metricName: `${latency}_sum` },
        { labels: s.labels, value: s.count, metricName: `${latency}_count` },
      ];
    }),
  );

  return {
    /** Counts one answer of `method route` with its status code, `seconds` after the request came. */
    observe(method: string, route: string, statusCode: number, seconds: number) {
      // By route, then method: the same strings come back on every request (the route's template
      // and the parser's method), so no key is joined and hashed per answer (issue 48).
      let methods = byRoute.get(route);
      if (!methods) {
        methods = new Map();
        byRoute.set(route, methods);
      }
      let s = methods.get(method);
      if (!s) {
        s = { labels: { method, route }, byStatus: new Map(), buckets: LATENCY_BUCKETS.map(() => 0).concat(0), sum: 0, count: 0 };
        methods.set(method, s);
        series.set(`${method} ${route}`, s);
      }
      const status = statusClass(statusCode);
      s.byStatus.set(status, (s.byStatus.get(status) ?? 0) + 1);
      let i = 0;
      while (i < LATENCY_BUCKETS.length && seconds > (LATENCY_BUCKETS[i] as number)) i++;
      s.buckets[i] = (s.buckets[i] as number) + 1;
      s.sum += seconds;
      s.count += 1;
    },
  };
}

const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'];
const statusClass = (code: number) => STATUS_CLASSES[Math.floor(code / 100) - 1] ?? `${Math.floor(code / 100)}xx`;
