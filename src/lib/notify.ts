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

function show(kind: 'error' | 'success', content: ReactNode, toastId: string): void {
  if (!requested) {
    requested = true;
    listeners.forEach((listener) => listener());
  }
  void loadToasts().then(({ toast }) => {
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
