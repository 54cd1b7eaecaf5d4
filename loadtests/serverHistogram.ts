/**
 * The server's own account of a request's time, read from its Prometheus histogram (`/metrics`). Beside the
 * client's p99, it tells whether a slow request waited inside the server's handlers or before them (in the
 * socket's queue or the event loop's).
 */

/** Cumulative counts by bucket bound (`le`, seconds; +Infinity last) of one route, summed over its statuses. */
export type Buckets = ReadonlyMap<number, number>;

const bucketLine = /^http_request_duration_seconds_bucket\{([^}]*)\} (\d+(?:\.\d+)?)$/gm;
const label = /(\w+)="((?:[^"\\]|\\.)*)"/g;

export function routeBuckets(metrics: string, method: string, route: string): Buckets {
  const buckets = new Map<number, number>();
  for (const [, labels = '', count = '0'] of metrics.matchAll(bucketLine)) {
    const named = new Map([...labels.matchAll(label)].map(([, key = '', value = '']) => [key, value]));
    if (named.get('method') !== method || named.get('route') !== route) continue;
    const le = named.get('le') === '+Inf' ? Number.POSITIVE_INFINITY : Number(named.get('le'));
    buckets.set(le, (buckets.get(le) ?? 0) + Number(count));
  }
  return new Map([...buckets].sort(([a], [b]) => a - b));
}

/**
 * The bound (seconds) of the bucket that holds quantile `q` of what was observed between `before` and `after`,
 * and how many observations that was. A bound, not a value: a p99 of "≤ 2.5 s" means it fell in (1 s, 2.5 s].
 */
export function quantileBound(before: Buckets, after: Buckets, q: number): { bound: number; count: number } {
  const deltas = [...after].map(([le, count]) => [le, count - (before.get(le) ?? 0)] as const);
  const count = deltas.at(-1)?.[1] ?? 0;
  if (count === 0) return { bound: Number.NaN, count };
  const rank = Math.ceil(q * count);
  const bucket = deltas.find(([, cumulative]) => cumulative >= rank);
  return { bound: bucket?.[0] ?? Number.POSITIVE_INFINITY, count };
}
