import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Runs axe-core on the page once its CSS transitions have ended; fails on any serious or critical
 * violation. Contrast is measured on the colours as drawn: a button re-enabled as a result shows
 * fades in for 0.15 s, and halfway through its colours fail (seen once on a slow CI run).
 */
export async function expectAccessible(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
  expect(bad, `axe violations on ${page.url()}`).toEqual([]);
}
