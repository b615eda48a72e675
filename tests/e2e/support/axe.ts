import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { expectBootstrapStyled } from './styles';

/**
 * Runs axe-core on the page once its CSS transitions have ended; fails on any serious or critical
 * violation. Contrast is measured on the colours as drawn: a button re-enabled as a result shows
 * fades in for 0.15 s, and halfway through its colours fail (seen once on a slow CI run). Every
 * page checked here is also checked for Bootstrap rules the build dropped (support/styles.ts):
 * a control without its styles is as unusable as one without its label.
 */
export async function expectAccessible(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'),
  );
  await expectBootstrapStyled(page);
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
  expect(bad, `axe violations on ${page.url()}`).toEqual([]);
}
