import type { KeyboardEvent } from 'react';

/** onKeyDown helper that blocks the Tab key (with or without Shift). */
export function blockTab(event: KeyboardEvent | globalThis.KeyboardEvent): void {
  if (event.key === 'Tab') event.preventDefault();
}
