import type { Browser, Page } from '@playwright/test';
import { logIn } from './session';

/** A fresh browser context (its own storage) signed in as `email`. */
export async function pageAs(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logIn(page, email);
  return page;
}

/** The signed-in user's id, as the SPA stored it. */
export async function storedUserId(page: Page): Promise<number> {
  const raw = await page.evaluate(() => localStorage.getItem('userData'));
  return (JSON.parse(raw ?? '{}') as { id: number }).id;
}

export function idFromUrl(page: Page, param: string): string {
  const id = new URL(page.url()).searchParams.get(param);
  if (!id) throw new Error(`no ${param} in ${page.url()}`);
  return id;
}

export function unique(label: string): string {
  return `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}
