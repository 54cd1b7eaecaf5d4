import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from './testing';

describe('the web app: a check-in list’s web app manifest', () => {
  let t: TestPlatform;
  const webDist = mkdtempSync(join(tmpdir(), 'web-dist-'));

  beforeAll(async () => {
    copyFileSync(join('web', 'public', 'check-in.webmanifest'), join(webDist, 'check-in.webmanifest'));
    t = await startTestPlatform('sqlite', { config: { webDist } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('names the list as the installed app’s start URL, within the scanners’ scope', async () => {
    const response = await fetch(`${t.baseUrl}/check-in/n0228tzfn978begg1x9v/app.webmanifest`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/manifest+json');
    expect(await response.json()).toMatchObject({
      name: 'Check-in scanner',
      scope: '/check-in/',
      display: 'standalone',
      id: '/check-in/n0228tzfn978begg1x9v',
      start_url: '/check-in/n0228tzfn978begg1x9v',
    });
  });

  it('serves no manifest for what is not a list’s short id', async () => {
    for (const path of [
      '/check-in/not-a-short-id/app.webmanifest',
      '/check-in/N0228TZFN978BEGG1X9V/app.webmanifest',
      '/check-in/..%2F..%2Fetc%2Fpasswd/app.webmanifest',
      '/check-in/n0228tzfn978begg1x9v%22%7D/app.webmanifest',
    ]) {
      const response = await fetch(`${t.baseUrl}${path}`);
      expect(response.status, path).toBe(404);
    }
  });
});
