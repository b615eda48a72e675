import { createElement } from 'react';
import type { ReactNode } from 'react';
import i18n from './i18n';

/**
 * Toasts. react-toastify is loaded on first use (it stays out of the first page's JS); toasts
 * raised before its container mounts are queued by react-toastify itself.
 * All toast text goes through i18next: pass keys, not text.
 */
type ToastModule = typeof import('react-toastify');
let loading: Promise<ToastModule> | null = null;

export function loadToasts(): Promise<ToastModule> {
  loading ??= import('react-toastify');
  return loading;
}

/** The toast container mounts on the first toast (see AppProviders), not at page load. */
let requested = false;
const listeners = new Set<() => void>();

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function toastsRequested(): boolean {
  return requested;
}

/** The toast each distinct text shows in (its key → react-toastify's id). */
const shown = new Map<string, string>();
let serial = 0;

/**
 * One toast per distinct text: the same text again while it shows (a second save, the same
 * failure again) shows anew for its full time rather than stacking. react-toastify ignores a
 * toast under the id of one that is still closing, so each toast gets an id of its own: a second
 * "Content created" a few seconds after the first was otherwise not shown at all.
 */
function show(kind: 'error' | 'success', content: ReactNode, key: string): void {
  if (!requested) {
    requested = true;
    listeners.forEach((listener) => listener());
  }
  void loadToasts().then(({ toast }) => {
    const current = shown.get(key);
    // An update remounts the toast, which restarts its timer.
    if (current !== undefined && toast.isActive(current)) {
      toast.update(current, { render: content });
      return;
    }
    const toastId = `${key}#${++serial}`;
    shown.set(key, toastId);
    toast[kind](content, { toastId });
  });
}

/** `values` fill the text's placeholders; each distinct text is its own toast. */
export function notifyError(key: string, values?: Record<string, string>): void {
  const text = i18n.t(key, values);
  show('error', text, values ? `${key}:${text}` : key);
}

export function notifySuccess(key: string, values?: Record<string, string>): void {
  const text = i18n.t(key, values);
  show('success', text, values ? `${key}:${text}` : key);
}

/** A server message shown as is (e.g. the login failure message). */
export function notifyMessage(message: string): void {
  show('error', message, `message:${message}`);
}

export function notifyNetworkError(contextKey: string): void {
  show(
    'error',
    createElement(
      'div',
      null,
      createElement('strong', { className: 'd-block' }, i18n.t('errors:network')),
      createElement('span', null, i18n.t(contextKey)),
    ),
    `network:${contextKey}`,
  );
}
