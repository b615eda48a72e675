// Keyboard shortcuts: one listener per hook, one registry of what is active now (the `?` help
// overlay and the command palette read it). A shortcut never fires while the user types in a
// field unless it says so (Ctrl+Enter to send, for instance).
import { useEffect, useLayoutEffect, useRef, useSyncExternalStore } from 'react';

export interface Shortcut {
  /** 'j', '?', '[', 'Enter', 'mod+k' (Ctrl, or Cmd on a Mac), 'mod+Enter'. */
  keys: string;
  /** An i18next key (with its namespace, 'records:shortcuts.next') saying what it does. */
  label: string;
  /** Heading it is listed under in the help overlay, also an i18next key. */
  group: string;
  run: (event: KeyboardEvent) => void;
  /** Fire even while focus is in a text field (only for mod+ combinations). */
  inFields?: boolean;
}

let active: Shortcut[] = [];
const listeners = new Set<() => void>();
const publish = () => listeners.forEach((l) => l());

/** The shortcuts active on the current screen, for the help overlay. */
export function useActiveShortcuts(): Shortcut[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => active,
  );
}

export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  const type = (target as HTMLInputElement).type;
  return !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(type);
}

export function matches(keys: string, e: KeyboardEvent): boolean {
  const parts = keys.split('+');
  const key = parts.pop() ?? '';
  const mod = parts.includes('mod');
  if (mod !== (e.ctrlKey || e.metaKey)) return false;
  if (!mod && e.altKey) return false;
  return e.key.toLowerCase() === key.toLowerCase();
}

/** Registers `shortcuts` while the component is mounted (and `enabled`). */
export function useShortcuts(shortcuts: Shortcut[], enabled = true): void {
  // The latest handlers, without re-registering on every render.
  const current = useRef(shortcuts);
  useLayoutEffect(() => {
    current.current = shortcuts;
  });
  const signature = shortcuts.map((s) => `${s.keys}|${s.label}`).join(',');

  useEffect(() => {
    if (!enabled) return undefined;
    // Listed entries run the latest handler too (the command palette runs them).
    const registered = current.current.map((s) => ({
      ...s,
      run: (e: KeyboardEvent) => current.current.find((c) => c.keys === s.keys)?.run(e),
    }));
    active = [...active, ...registered];
    publish();
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.isComposing) return;
      const typing = isTypingTarget(e.target);
      const hit = registered.find((s) => matches(s.keys, e) && (!typing || s.inFields));
      if (!hit) return;
      e.preventDefault();
      hit.run(e);
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      active = active.filter((s) => !registered.includes(s));
      publish();
    };
  }, [enabled, signature]);
}

/** Whether the platform's "mod" key is Cmd (a Mac) rather than Ctrl. */
export function isMacPlatform(): boolean {
  return typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
}

/** The keys of a shortcut as the user presses them: 'mod+k' → ['Ctrl', 'K'] (['⌘', 'K'] on a Mac). */
export function keyLabels(keys: string, mac = isMacPlatform()): string[] {
  // A '+' shortcut is written 'mod++': the last part is the key itself.
  const parts = keys.endsWith('++') ? [...keys.slice(0, -2).split('+'), '+'] : keys.split('+');
  return parts.map((part) => {
    if (part === 'mod') return mac ? '⌘' : 'Ctrl';
    if (part.length === 1) return part.toUpperCase();
    return part;
  });
}
