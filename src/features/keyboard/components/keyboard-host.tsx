import '../i18n';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { matches, useShortcuts } from '../../../lib/shortcuts';

// Both dialogs load on first use: the palette (cmdk) stays out of every page's first load.
const CommandPalette = lazy(() => import('./command-palette'));
const HelpOverlay = lazy(() => import('./help-overlay'));

type Open = 'palette' | 'help' | null;

/** The global shortcuts of both signed-in layouts: `?` (help overlay) and Ctrl/Cmd+K (palette). */
export function KeyboardHost() {
  const [open, setOpen] = useState<Open>(null);
  const close = useCallback(() => setOpen(null), []);
  useShortcuts([
    {
      keys: '?',
      label: 'keyboard:shortcuts.help',
      group: 'keyboard:groups.global',
      run: () => setOpen('help'),
    },
    {
      keys: 'mod+k',
      label: 'keyboard:shortcuts.palette',
      group: 'keyboard:groups.global',
      run: () => setOpen((current) => (current === 'palette' ? null : 'palette')),
      inFields: true,
    },
  ]);
  useEffect(() => {
    if (open === null) return undefined;
    // While a dialog is open the screen behind it gets no keys (j, k, Ctrl+Enter): the screen's
    // shortcuts listen on window, the dialog's own handlers (React, cmdk) run before document.
    const keep = (event: KeyboardEvent) => {
      if (!matches('mod+k', event)) event.stopPropagation();
    };
    document.addEventListener('keydown', keep);
    return () => document.removeEventListener('keydown', keep);
  }, [open]);
  return (
    <Suspense fallback={null}>
      {open === 'palette' && <CommandPalette onClose={close} />}
      {open === 'help' && <HelpOverlay onClose={close} />}
    </Suspense>
  );
}
