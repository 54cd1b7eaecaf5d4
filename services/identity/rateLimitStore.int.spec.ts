import { afterAll, beforeAll, expect, it } from 'vitest';
import { startPlatform, type Platform } from '../api/compose';
import { startTestPlatform, type TestPlatform } from '../api/testing';
import { createLogger } from '../kit/logger';
import { describeEachStorage, type TestStorage } from '../../projections/runner/testing';
import { describeWithPostgres } from '../kit/testing/postgres';
import { DatabaseRateLimitStore } from './rateLimitStore';

describeEachStorage('the rate-limit store in the database', (open) => {
  let storage: TestStorage;
  beforeAll(async () => {
    storage = await open();
  });
  afterAll(async () => {
    await storage?.close();
  });

  it('answers a bucket’s attempts after a moment in order, forgets a cleared bucket, and sweeps old rows', async () => {
    const store = new DatabaseRateLimitStore(storage.db, 10_000, 3);
    await store.add('login:a', 1_000);
    await store.add('login:a', 3_000);
    await store.add('login:b', 2_000);
    expect(await store.recent('login:a', 0)).toEqual([1_000, 3_000]);
    expect(await store.recent('login:a', 1_000)).toEqual([3_000]);
    await store.clear('login:a');
    expect(await store.recent('login:a', 0)).toEqual([]);
    expect(await store.recent('login:b', 0)).toEqual([2_000]);
    // The third attempt since the last sweep sweeps what is older than the horizon (10 s) before it.
    await store.add('login:c', 20_000);
    await store.add('login:c', 30_000);
    await store.add('login:c', 40_000);
    expect(await store.recent('login:b', 0)).toEqual([]);
    expect(await store.recent('login:c', 0)).toEqual([30_000, 40_000]);
  });
});

describeWithPostgres('rate limits across two API processes', () => {
  let t: TestPlatform;
  let second: Platform;
  let secondUrl: string;
  beforeAll(async () => {
    t = await startTestPlatform('postgres');
    second = await startPlatform(t.platform.services.config, t.storage, { logger: createLogger('error') });
    secondUrl = `http://127.0.0.1:${(await second.listen()).port}`;
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  it('count wrong passwords from one address in one budget, whichever process answers', async () => {
    const login = (base: string) =>
      fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: t.admin.email, password: 'not the password at all' }),
      });
    const statuses: number[] = [];
    // Ten wrong passwords, five through each process: the budget of one address from one IP.
    for (let attempt = 0; attempt < 10; attempt++) {
      const answer = await login(attempt % 2 === 0 ? t.baseUrl : secondUrl);
      await answer.body?.cancel();
      statuses.push(answer.status);
    }
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
    const next = await login(secondUrl);
    await next.body?.cancel();
    expect(next.status).toBe(429);
    expect(next.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
