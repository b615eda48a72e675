import fs from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';

const require = createRequire(import.meta.url);
const BOOTSTRAP_CSS = fs.readFileSync(require.resolve('bootstrap/dist/css/bootstrap.css'), 'utf8');

/**
 * Bootstrap's selectors the served CSS lacks, as the browser writes them. Every page serves the
 * same stylesheet (the build's), so this is read once per run, on the first page checked.
 */
let dropped: Promise<string[]> | undefined;

function droppedSelectors(page: Page): Promise<string[]> {
  dropped ??= page.evaluate((bootstrapCss) => {
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
    // Other engines' aliases are left out: the minifier drops those its browser targets skip.
    return [...selectorsOf(full.cssRules, new Set())].filter(
      (s) => !served.has(s) && !/::?-(?:webkit|moz|ms)-/.test(s),
    );
  }, BOOTSTRAP_CSS);
  return dropped;
}

/**
 * The build keeps only the Bootstrap rules the app's code can use (vite.config.ts,
 * purgeBootstrap). This fails when a Bootstrap selector the build dropped matches an element on
 * the page (hover, focus and pseudo-elements set aside): a class the purge could not see in the
 * code.
 */
export async function expectBootstrapStyled(page: Page): Promise<void> {
  const needed = await page.evaluate(
    (candidates) => {
      // What an element wears now, whatever the pointer or the focus do.
      const state =
        /::?(?:before|after|placeholder|marker|selection|file-selector-button)|:(?:hover|focus(?:-visible|-within)?|active|visited|link)\b/g;
      return candidates.filter((selector) => {
        const bare = selector.replace(state, '').trim();
        try {
          return bare !== '' && document.querySelector(bare) !== null;
        } catch {
          return false; // a selector this browser cannot query: not checked
        }
      });
    },
    await droppedSelectors(page),
  );
  expect(needed.sort(), `Bootstrap rules dropped by the build but needed on ${page.url()}`).toEqual(
    [],
  );
}
