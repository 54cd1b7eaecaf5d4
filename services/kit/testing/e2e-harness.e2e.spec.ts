import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeE2E, launchBrowser, screenshot } from './e2e';

const PAGE = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>Harness check</title></head>
  <body style="font-family: sans-serif; padding: 2rem">
    <h1 id="status">Not clicked yet</h1>
    <p>Latin, Deutsch: Größe, 中文: 你好，世界</p>
    <button id="go" type="button">Click me</button>
    <script>
      document.getElementById('go').addEventListener('click', () => {
        document.getElementById('status').textContent = 'Clicked';
      });
    </script>
  </body>
</html>`;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describeE2E('the end-to-end harness drives Chromium', () => {
  let server: Server | undefined;
  let browser: Browser | undefined;
  let baseUrl = '';

  beforeAll(async () => {
    server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(PAGE);
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });

  it('a click changes the page, and a full-page screenshot is written as a PNG', async () => {
    if (!browser) throw new Error('the browser did not start');
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      const pageErrors: string[] = [];
      page.on('pageerror', (err) => pageErrors.push(err.message));

      await page.goto(baseUrl);
      expect(await page.locator('#status').textContent()).toBe('Not clicked yet');

      await page.getByRole('button', { name: 'Click me' }).click();
      await page.locator('#status', { hasText: 'Clicked' }).waitFor();
      expect(await page.locator('#status').textContent()).toBe('Clicked');
      expect(pageErrors).toEqual([]);

      const file = await screenshot(page, 'harness/click');
      expect(file).toMatch(/test-results\/screenshots\/harness\/click\.png$/);
      const png = await readFile(file);
      expect(png.length).toBeGreaterThan(1000);
      expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    } finally {
      await context.close();
    }
  });
});
