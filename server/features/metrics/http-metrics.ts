import type { Context, MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import type { AppEnv } from '../../lib/context.ts';
import { family, type Labels, sample } from './prometheus-text.ts';

/** Latency buckets in seconds: from a cached read (a few ms) to a slow upload. */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

/** Methods a label may name; anything else is OTHER, so a client cannot invent label values. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

interface Counted {
  labels: Labels;
  count: number;
}

interface Timed {
  labels: Labels;
  /** Observations at or under each bucket's bound (cumulative when rendered). */
  buckets: number[];
  sum: number;
  count: number;
}

/**
 * Requests by route and status, and a latency histogram by route, for one app. Labels are the
 * route pattern the request matched (`/api/donation-request/:id`), never the raw path, so the
 * number of series is bounded by the number of routes.
 */
export function createHttpMetrics() {
  const requests = new Map<string, Counted>();
  const latency = new Map<string, Timed>();

  function observe(method: string, route: string, status: number, seconds: number) {
    const verb = METHODS.has(method) ? method : 'OTHER';
    const countKey = `${verb} ${route} ${status}`;
    const counted = requests.get(countKey);
    if (counted) counted.count += 1;
    else
      requests.set(countKey, { labels: { method: verb, route, status: String(status) }, count: 1 });

    const timeKey = `${verb} ${route}`;
    let timed = latency.get(timeKey);
    if (!timed) {
      timed = {
        labels: { method: verb, route },
        buckets: LATENCY_BUCKETS.map(() => 0),
        sum: 0,
        count: 0,
      };
      latency.set(timeKey, timed);
    }
    const bucket = LATENCY_BUCKETS.findIndex((bound) => seconds <= bound);
    if (bucket >= 0) timed.buckets[bucket] = (timed.buckets[bucket] ?? 0) + 1;
    timed.sum += seconds;
    timed.count += 1;
  }

  function render(): string {
    const histogram: string[] = [];
    for (const { labels, buckets, sum, count } of latency.values()) {
      let cumulative = 0;
      LATENCY_BUCKETS.forEach((bound, i) => {
        cumulative += buckets[i] ?? 0;
        histogram.push(
          sample(
            'redhope_http_request_duration_seconds_bucket',
            { ...labels, le: String(bound) },
            cumulative,
          ),
        );
      });
      histogram.push(
        sample('redhope_http_request_duration_seconds_bucket', { ...labels, le: '+Inf' }, count),
        sample('redhope_http_request_duration_seconds_sum', labels, sum),
        sample('redhope_http_request_duration_seconds_count', labels, count),
      );
    }
    return (
      family(
        'redhope_http_requests_total',
        'counter',
        'HTTP requests answered, by method, route pattern and status.',
        [...requests.values()].map(({ labels, count }) =>
          sample('redhope_http_requests_total', labels, count),
        ),
      ) +
      family(
        'redhope_http_request_duration_seconds',
        'histogram',
        'Time from receiving a request to its answer being ready, by method and route pattern.',
        histogram,
      )
    );
  }

  return { observe, render };
}

export type HttpMetrics = ReturnType<typeof createHttpMetrics>;

/**
 * The route pattern that answered: after the chain has run, Hono's route index points at the
 * deepest handler reached (the endpoint, or the middleware that refused the request). A param's
 * pattern (`:id{[0-9a-f-]+}`) is shortened to its name.
 */
function routeLabel(c: Context<AppEnv>): string {
  const pattern = routePath(c);
  if (!pattern) return 'unmatched';
  // Routes are few and fixed: each pattern's label is made once, not on every request.
  let label = LABELS.get(pattern);
  if (label === undefined) {
    label = pattern.replace(/(:[A-Za-z_]+)\{[^}]*\}/g, '$1');
    LABELS.set(pattern, label);
  }
  return label;
}

/** Route pattern → label; bounded by the app's routes (a pattern is never a raw path). */
const LABELS = new Map<string, string>();

/** Middleware: counts and times every request into `metrics`. */
export function recordRequests(metrics: HttpMetrics): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    metrics.observe(
      c.req.method,
      routeLabel(c),
      c.res.status,
      (performance.now() - started) / 1000,
    );
  };
}
