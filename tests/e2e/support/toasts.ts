import type { Locator, Page } from '@playwright/test';

/**
 * The toast showing `text`. A toast that is leaving (its exit animation) as a newer one with the
 * same text arrives is not it: both are in the page for that moment.
 */
export function toast(page: Page, text: string): Locator {
  return page.locator('.Toastify__toast:not([class*="-exit"])', { hasText: text });
}
