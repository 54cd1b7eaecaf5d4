/**
 * The accessibility check every journey runs on its screens: axe-core's WCAG A and AA rules on the page as it is,
 * once its transitions have settled, failing on a serious or critical violation.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { root } from './e2eEnvironment';

const AXE_SCRIPT = join(root, 'node_modules', 'axe-core', 'axe.min.js');
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
let axeSource: Promise<string> | undefined;
const FAILING_IMPACTS = new Set(['serious', 'critical']);

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/**
 * Whether no CSS transition or animation is running and no Blueprint overlay is entering or leaving: axe
 * measures what it sees, and a dialog halfway through its scale-in has smaller touch targets and a half-faded
 * text with too little contrast. Runs in the page (self-contained).
 */
function transitionsSettled(): boolean {
  return (
    // A transition's first class (`bp6-toast-exit`) comes a frame before its `-active` one: wait on both, but not
    // on the `-done` class an element keeps once it has arrived (nor on an icon named `key-enter`).
    ![...document.querySelectorAll('[class*="-enter"], [class*="-exit"], [class*="-appear"]')].some(
      (element) =>
        [...element.classList].some(
          (name) => /-(enter|exit|appear)(-active)?$/.test(name) && !/icon/.test(name),
        ),
    ) &&
    document
      .getAnimations()
      // A spinner or a live pulse loops forever; only what ends is waited for.
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
      )
  );
}

async function settleTransitions(page: Page): Promise<void> {
  await page.waitForFunction(transitionsSettled, undefined, { timeout: 10_000, polling: 50 });
}

/**
 * Runs axe-core on the page as it is now, with the WCAG 2.0, 2.1 and 2.2 A and AA rules, and throws when it
 * finds a serious or critical violation, listing each with the elements it concerns. `label` names the page
 * (and its scheme) in the message.
 */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  const loaded = await page.evaluate(() => 'axe' in window);
  // Not `page.addScriptTag`: the app's Content-Security-Policy (`script-src 'self'`) blocks an inline script,
  // while an evaluation through the DevTools protocol is not subject to it.
  if (!loaded) await page.evaluate(await (axeSource ??= readFile(AXE_SCRIPT, 'utf8')));
  let violations: AxeViolation[];
  // A transition may begin while axe runs (a toast's time is up and it fades out): what axe saw then is measured
  // again once the page has settled, a few times at most.
  for (let attempt = 1; ; attempt++) {
    await settleTransitions(page);
    violations = (await page.evaluate(async (tags) => {
      const axe = (
        window as unknown as { axe: { run: (ctx: unknown, options: unknown) => Promise<unknown> } }
      ).axe;
      const result = (await axe.run(document, { runOnly: { type: 'tag', values: tags } })) as {
        violations: unknown[];
      };
      return result.violations;
    }, WCAG_TAGS)) as AxeViolation[];
    // Seen on an element that was entering or leaving (axe names it by its classes), or a transition runs now.
    const caughtMidTransition = violations.some((violation) =>
      violation.nodes.some((node) =>
        /-(enter|exit|appear)(-active)?(?![-\w])/.test(JSON.stringify(node.target)),
      ),
    );
    if (attempt === 3 || (!caughtMidTransition && (await page.evaluate(transitionsSettled)))) break;
  }
  const failing = violations.filter((v) => FAILING_IMPACTS.has(v.impact ?? ''));
  if (failing.length === 0) return;
  const report = failing
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 5)
        .map((n) => `    ${JSON.stringify(n.target)}: ${(n.failureSummary ?? '').replace(/\s+/g, ' ')}`)
        .join('\n');
      return `  ${v.impact ?? '?'} ${v.id}: ${v.help} (${v.nodes.length} element(s))\n${nodes}`;
    })
    .join('\n');
  throw new Error(`${label}: ${failing.length} serious or critical accessibility violation(s)\n${report}`);
}
