import type { Locator, Page } from '@playwright/test';

const TOAST = '.Toastify__toast';
/** react-toastify's exit animation class, on a toast that is leaving. */
const LEAVING = '[class*="-exit"]';

/**
 * The toast showing `text`. A toast that is leaving (its exit animation) as a newer one with the
 * same text arrives is not it: both are in the page for that moment.
 */
export function toast(page: Page, text: string): Locator {
  return page.locator(`${TOAST}:not(${LEAVING})`, { hasText: text });
}

/** The toast with `text` that is leaving. */
export function leavingToast(page: Page, text: string): Locator {
  return page.locator(`${TOAST}${LEAVING}`, { hasText: text });
}

/** Every toast with `text`, showing or leaving. */
export function anyToast(page: Page, text: string): Locator {
  return page.locator(TOAST, { hasText: text });
}
