import { Suspense, useEffect, useRef, useState } from 'react';
import type { FocusEvent, KeyboardEvent, ReactNode, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';
import { useAppSelector } from '../app/hooks';
import { KeyboardHost } from '../features/keyboard/components/keyboard-host';
import { PageHeader } from './page-header';
import { PageLoader } from './page-loader';
import { RightSidebar } from './right-sidebar';
import { MAIN_MENU_ID, Topbar } from './topbar';
import { useIdleLock } from './use-idle-lock';

/**
 * The main menu's place. On a wide screen it is the layout's sidebar or menu bar as they are
 * (the wrapper has no box of its own); on a phone or a small tablet (app.css) it is a drawer the
 * topbar's Menu button opens: focus goes to its first link, and Escape, a click outside, focus
 * leaving it or following a link closes it.
 */
function MenuDrawer({
  open,
  onClose,
  toggle,
  children,
}: {
  open: boolean;
  onClose: (returnFocus: boolean) => void;
  toggle: RefObject<HTMLButtonElement | null>;
  children: ReactNode;
}) {
  const drawer = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (open) drawer.current?.querySelector<HTMLElement>('a[href]')?.focus();
  }, [open]);
  return (
    <>
      <div
        id={MAIN_MENU_ID}
        ref={drawer}
        className={`app-menu${open ? ' open' : ''}`}
        onKeyDown={(event: KeyboardEvent) => {
          if (open && event.key === 'Escape') {
            event.stopPropagation();
            onClose(true);
          }
        }}
        onBlur={(event: FocusEvent) => {
          const next = event.relatedTarget as Node | null;
          if (open && next && !drawer.current?.contains(next) && next !== toggle.current) {
            onClose(false);
          }
        }}
      >
        {children}
      </div>
      {open && <div className="menu-backdrop" aria-hidden="true" onClick={() => onClose(false)} />}
    </>
  );
}

/** What both signed-in layouts share: topbar, menu slot, page header, page, settings panel. */
export function SignedInFrame({
  menu,
  type,
}: {
  menu: ReactNode;
  type: 'vertical' | 'horizontal';
}) {
  const { t } = useTranslation('common');
  // Field by field: the layout slice also holds the page's title, which every page sets.
  const layoutWidth = useAppSelector((state) => state.layout.layoutWidth);
  const menuPosition = useAppSelector((state) => state.layout.menuPosition);
  useIdleLock();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuToggle = useRef<HTMLButtonElement>(null);
  // Following a link (or any other navigation) closes the drawer.
  const { pathname, search } = useLocation();
  const [shownAt, setShownAt] = useState(pathname + search);
  if (shownAt !== pathname + search) {
    setShownAt(pathname + search);
    setMenuOpen(false);
  }
  const closeMenu = (returnFocus: boolean) => {
    setMenuOpen(false);
    if (returnFocus) menuToggle.current?.focus();
  };
  return (
    <div
      className={`app-shell layout-${type} width-${layoutWidth} menu-${menuPosition}`}
      data-layout={type}
    >
      <a href="#main-content" className="visually-hidden-focusable skip-link">
        {t('skipToContent')}
      </a>
      <Topbar
        menuOpen={menuOpen}
        menuToggle={menuToggle}
        onToggleMenu={() => setMenuOpen((open) => !open)}
      />
      <div className="app-body">
        <MenuDrawer open={menuOpen} onClose={closeMenu} toggle={menuToggle}>
          {menu}
        </MenuDrawer>
        <main id="main-content" className="app-content" tabIndex={-1}>
          <div className={layoutWidth === 'boxed' ? 'container' : 'container-fluid'}>
            <PageHeader />
            <Suspense fallback={<PageLoader />}>
              <Outlet />
            </Suspense>
          </div>
        </main>
      </div>
      <RightSidebar />
      <KeyboardHost />
    </div>
  );
}
