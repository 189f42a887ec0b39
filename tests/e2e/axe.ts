import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

// axe-core from node_modules, put into the page by the test driver (nothing is fetched, and the
// site's Content-Security-Policy, which allows no inline script, does not apply to it).
const axeSource = fs.readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** WCAG 2.0 and 2.1, levels A and AA: issue 16's bar. */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Runs axe-core's WCAG 2.1 AA rules on the page as it is now, and returns one line per
 * violation and element (empty when the page passes). No rule is turned off.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  // Colours are measured as the page rests: a dialog fading in is half transparent until then.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async (tags) => {
    const { axe } = window as unknown as {
      axe: { run: (context: Document, options: unknown) => Promise<{ violations: unknown[] }> };
    };
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    });
    return (
      result.violations as {
        id: string;
        impact: string;
        nodes: { target: string[]; failureSummary: string }[];
      }[]
    ).flatMap((v) =>
      v.nodes.map(
        (n) =>
          `${v.id} (${v.impact}) at ${n.target.join(' ')}: ${n.failureSummary.replace(/\s+/g, ' ').slice(0, 300)}`,
      ),
    );
  }, WCAG_21_AA);
  return violations;
}
