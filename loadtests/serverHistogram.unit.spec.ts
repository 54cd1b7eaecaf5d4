import { describe, expect, it } from 'vitest';
import { quantileBound, routeBuckets } from './serverHistogram';

const metrics = (reservations: readonly [string, number][], other = 7) =>
  [
    '# HELP http_request_duration_seconds HTTP request latency',
    '# TYPE http_request_duration_seconds histogram',
    ...reservations.flatMap(([le, count]) => [
      `http_request_duration_seconds_bucket{le="${le}",method="POST",route="/api/public/events/:eventId/orders",status="201"} ${count}`,
      `http_request_duration_seconds_bucket{le="${le}",method="POST",route="/api/public/events/:eventId/orders",status="409"} 1`,
      `http_request_duration_seconds_bucket{le="${le}",method="GET",route="/api/public/events/:eventId/orders",status="200"} ${other}`,
    ]),
  ].join('\n');

describe("the server's histogram of a route", () => {
  it('sums the statuses of one method and route, bucket by bucket, in ascending bounds', () => {
    const buckets = routeBuckets(
      metrics([
        ['+Inf', 10],
        ['0.1', 4],
        ['1', 9],
      ]),
      'POST',
      '/api/public/events/:eventId/orders',
    );
    expect([...buckets]).toEqual([
      [0.1, 5],
      [1, 10],
      [Number.POSITIVE_INFINITY, 11],
    ]);
  });

  it('bounds a quantile of what was observed between two readings, not before', () => {
    const route = '/api/public/events/:eventId/orders';
    const before = routeBuckets(
      metrics([
        ['0.1', 100],
        ['1', 100],
        ['+Inf', 100],
      ]),
      'POST',
      route,
    );
    // 100 more: 90 under 0.1 s, 9 under 1 s, 1 slower.
    const after = routeBuckets(
      metrics([
        ['0.1', 190],
        ['1', 199],
        ['+Inf', 200],
      ]),
      'POST',
      route,
    );
    expect(quantileBound(before, after, 0.5)).toEqual({ bound: 0.1, count: 100 });
    expect(quantileBound(before, after, 0.95)).toEqual({ bound: 1, count: 100 });
    expect(quantileBound(before, after, 0.999)).toEqual({ bound: Number.POSITIVE_INFINITY, count: 100 });
    expect(quantileBound(before, before, 0.99).count).toBe(0);
  });
});
