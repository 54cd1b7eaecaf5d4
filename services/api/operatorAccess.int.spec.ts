import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeWithPostgres } from '../kit/testing/postgres';
import { isLoopbackAddress } from './operatorAccess';
import { startTestPlatform, type StorageKind, type TestPlatform } from './testing';

/**
 * Without METRICS_TOKEN, `/metrics` and the detail of `/readyz` answer only this machine: a scraper beside the
 * process, not the internet, not even through a reverse proxy on the same host.
 */
function operatorAccessSuite(kind: StorageKind) {
  let t: TestPlatform;

  beforeAll(async () => {
    t = await startTestPlatform(kind, { config: { metricsToken: undefined } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const forwardedFromOutside: Record<string, string>[] = [
    { 'X-Forwarded-For': '203.0.113.7' },
    { 'X-Forwarded-For': '127.0.0.1, 198.51.100.23' },
    { 'X-Real-IP': '198.51.100.23' },
    { Forwarded: 'for=198.51.100.23;proto=https' },
    { Forwarded: 'for="[2001:db8::17]:4711"' },
    { Forwarded: 'for=unknown' },
  ];

  it('answers metrics to a request from this machine', async () => {
    const local = await t.client()<string>('GET', '/metrics');
    expect(local.status).toBe(200);
    expect(local.body).toContain('projection_lag_positions');
    const viaLocalProxy = await t.client()<string>('GET', '/metrics', {
      headers: { 'X-Forwarded-For': '127.0.0.1', Forwarded: 'for="[::1]:5000"' },
    });
    expect(viaLocalProxy.status).toBe(200);
  });

  it('refuses metrics to a request forwarded from a public address', async () => {
    for (const headers of forwardedFromOutside) {
      const answer = await t.client()<{ reason?: string }>('GET', '/metrics', { headers });
      expect(answer.status, JSON.stringify(headers)).toBe(403);
      expect(answer.body.reason).toBe('forbidden');
      expect(JSON.stringify(answer.body)).not.toContain('projection_lag_positions');
    }
  });

  it('tells a forwarded request whether the platform is ready, and only this machine why', async () => {
    const remote = await t.client()<Record<string, unknown>>('GET', '/readyz', {
      headers: { 'X-Forwarded-For': '203.0.113.7' },
    });
    expect(remote.status).toBe(200);
    expect(remote.body).toEqual({ status: 'ready' });
    const local = await t.client()<{ projections: unknown[] }>('GET', '/readyz');
    expect(local.status).toBe(200);
    expect(local.body.projections.length).toBeGreaterThan(0);
  });
}

describe('operator endpoints without a token, on SQLite', () => operatorAccessSuite('sqlite'));
describeWithPostgres('operator endpoints without a token, on PostgreSQL', () =>
  operatorAccessSuite('postgres'),
);

describe('a loopback address', () => {
  it('is 127.0.0.0/8 or ::1, also written as an IPv4-mapped IPv6 address', () => {
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'])
      expect(isLoopbackAddress(address), address).toBe(true);
    for (const address of ['10.0.0.1', '203.0.113.7', '::ffff:203.0.113.7', '2001:db8::1', 'unknown', ''])
      expect(isLoopbackAddress(address), address).toBe(false);
  });
});
