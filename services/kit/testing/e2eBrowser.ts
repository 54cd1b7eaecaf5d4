/**
 * The browser of the end-to-end tier: Debian's Chromium driven through playwright-core (the headless shell where
 * installed, the full browser for what only it does), logging in on a page and taking screenshots.
 */
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';
import { root } from './e2eEnvironment';

/** Debian's full Chromium, for what only the full browser does (a camera refused at the permission prompt). */
export const fullChromiumPath = '/usr/bin/chromium';
/**
 * Debian's headless shell (package chromium-headless-shell): the same Blink and V8 without the full browser's
 * UI layer. It starts in about half the time and runs pages lighter, which the browser tier pays once per
 * file and per context; without it the journeys use the full browser.
 */
const headlessShellPath = '/usr/lib/chromium/chromium-headless-shell';
export const chromiumPath =
  process.env.E2E_CHROMIUM ?? (existsSync(headlessShellPath) ? headlessShellPath : fullChromiumPath);
export const hasChromium = existsSync(chromiumPath);

const BROWSER_ARGS = [
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-default-apps',
  '--disable-domain-reliability',
  '--no-pings',
];

/**
 * Headless Debian Chromium (the headless shell where installed). `args` are added to the defaults, e.g. the fake
 * camera for the scanner: `['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream']`.
 */
export function launchBrowser(options: { args?: string[] } = {}): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, args: [...BROWSER_ARGS, ...(options.args ?? [])] });
}

/**
 * The full Chromium in its new headless mode, for a journey that needs what the headless shell lacks: the shell
 * grants a camera without asking, so only the full browser can refuse one the page was never allowed.
 */
export function launchFullBrowser(options: { args?: string[] } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.E2E_CHROMIUM ?? fullChromiumPath,
    args: [...BROWSER_ARGS, ...(options.args ?? [])],
  });
}

/** Fills and submits the login form; the caller waits for wherever it should lead. */
export async function submitLogin(
  page: Page,
  baseUrl: string,
  credentials: { email: string; password: string },
): Promise<void> {
  await page.goto(`${baseUrl}/auth/login`);
  await page.getByLabel('Email').fill(credentials.email);
  await page.getByLabel('Password', { exact: true }).fill(credentials.password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** A full-page PNG at `test-results/screenshots/<name>.png` (a `/` in the name makes a subfolder). Returns the path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  const safe = name
    .split('/')
    .map((part) => part.replace(/[^\w.-]+/g, '-').replace(/^\.+/, ''))
    .filter((part) => part.length > 0)
    .join('/');
  const file = resolve(root, 'test-results', 'screenshots', `${safe || 'screenshot'}.png`);
  await mkdir(dirname(file), { recursive: true });
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
