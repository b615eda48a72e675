import fs from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';

const require = createRequire(import.meta.url);
const BOOTSTRAP_CSS = fs.readFileSync(require.resolve('bootstrap/dist/css/bootstrap.css'), 'utf8');

/**
 * The build keeps only the Bootstrap rules the app's code can use (vite.config.ts,
 * purgeBootstrap). This fails when a Bootstrap selector matches an element on the page (hover,
 * focus and pseudo-elements set aside) and the served CSS lacks it: a class the purge could not
 * see in the code.
 */
export async function expectBootstrapStyled(page: Page): Promise<void> {
  const dropped = await page.evaluate((bootstrapCss) => {
    // One selector list's parts, split at top-level commas (":not(a, b)" stays whole).
    const parts = (list: string) => {
      const out: string[] = [];
      let depth = 0;
      let start = 0;
      for (let i = 0; i < list.length; i++) {
        const c = list[i];
        if (c === '(' || c === '[') depth++;
        else if (c === ')' || c === ']') depth--;
        else if (c === ',' && depth === 0) {
          out.push(list.slice(start, i).trim());
          start = i + 1;
        }
      }
      out.push(list.slice(start).trim());
      return out;
    };
    const selectorsOf = (rules: CSSRuleList, into: Set<string>) => {
      for (const rule of Array.from(rules)) {
        if (rule instanceof CSSStyleRule) parts(rule.selectorText).forEach((s) => into.add(s));
        if ('cssRules' in rule) selectorsOf((rule as CSSGroupingRule).cssRules, into);
      }
      return into;
    };
    const served = new Set<string>();
    for (const sheet of Array.from(document.styleSheets)) selectorsOf(sheet.cssRules, served);
    const full = new CSSStyleSheet();
    full.replaceSync(bootstrapCss);
    // What an element wears now, whatever the pointer or the focus do.
    const state =
      /::?(?:before|after|placeholder|marker|selection|file-selector-button)|:(?:hover|focus(?:-visible|-within)?|active|visited|link)\b/g;
    const missing: string[] = [];
    for (const selector of selectorsOf(full.cssRules, new Set())) {
      // Other engines' aliases (the minifier drops those its browser targets do not need).
      if (served.has(selector) || /::?-(?:webkit|moz|ms)-/.test(selector)) continue;
      const bare = selector.replace(state, '').trim();
      let matches = false;
      try {
        matches = bare !== '' && document.querySelector(bare) !== null;
      } catch {
        // A selector this browser cannot query: not checked.
      }
      if (matches) missing.push(selector);
    }
    return missing.sort();
  }, BOOTSTRAP_CSS);
  expect(dropped, `Bootstrap rules dropped by the build but needed on ${page.url()}`).toEqual([]);
}
