import { describe, it } from 'vitest';
import { chromiumPath, hasChromium } from './e2eBrowser';

/**
 * The end-to-end tier: the real app (`services/main.ts`) in a child process on the embedded default,
 * driven by Debian's Chromium through playwright-core. Files named `*.e2e.spec.ts` use `describeE2E`.
 *
 * The entry the journeys import from; its parts: the app's process (`e2eApp.ts`), the builds it runs from
 * (`e2eBuild.ts`), the browser (`e2eBrowser.ts`), the accessibility check (`e2eAccessibility.ts`) and the API
 * called from a test (`e2eApi.ts`).
 */

export { expectAccessible } from './e2eAccessibility';
export {
  buyFreeTicketsThroughApi,
  callApi,
  callApiInPage,
  createEventInPage,
  createTicketThroughApi,
} from './e2eApi';
export type { BoughtAttendee } from './e2eApi';
export { freePort, startApp } from './e2eApp';
export type { RunningApp, StartAppOptions } from './e2eApp';
export {
  chromiumPath,
  fullChromiumPath,
  hasChromium,
  launchBrowser,
  launchFullBrowser,
  screenshot,
  submitLogin,
} from './e2eBrowser';
export { ensureWebBuilt, serverEntry } from './e2eBuild';

/**
 * `YYYY-MM-DD` for a month and day (`'05-01'`) of next calendar year. Journeys run the app on the real clock, so a
 * date written into a test must stay ahead of today whenever the test runs (docs/time.md).
 */
export function dateNextYear(monthDay: string): string {
  return `${new Date().getUTCFullYear() + 1}-${monthDay}`;
}

/** The English weekday of a `YYYY-MM-DD` date, for asserting formatted dates made with `dateNextYear`. */
export function weekdayOf(date: string): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' });
}

/**
 * Like `describe`, for end-to-end journeys. Without Chromium the block is skipped loudly; under `CI=true`
 * it fails instead (one failing test), because CI must run every tier.
 */
export function describeE2E(name: string, body: () => void): void {
  if (hasChromium) {
    describe(name, body);
    return;
  }
  if (process.env.CI === 'true') {
    describe(name, () => {
      it('needs Chromium', () => {
        throw new Error(
          `CI=true but Chromium is missing (${chromiumPath}): the end-to-end tier must run in CI`,
        );
      });
    });
    return;
  }
  console.warn(`\n*** SKIPPED (no Chromium at ${chromiumPath}, end-to-end tier): ${name} ***\n`);
  describe.skip(name, body);
}
