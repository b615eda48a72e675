import '../features/keyboard/i18n';
import { useEffect, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { layoutActions } from '../features/layout/layout-slice';
import { LANGUAGES, setLanguage } from '../lib/i18n';

const ITEMS = [
  { to: '/profile', label: 'menu.profile' },
  { to: '/editor', label: 'menu.editProfile' },
] as const;

/** The user menu's button: where focus returns when the settings panel it opened closes. */
export const USER_MENU_BUTTON_ID = 'user-menu-button';

/**
 * The signed-in user's menu (Profile, Edit profile, Log out): a menu button as WAI-ARIA's menu
 * button pattern describes it. Bootstrap's dropdown classes place it under its button, so every
 * signed-in page's first screen does without Popper and reactstrap's Dropdown (15 KB brotli).
 * Enter, Space or ArrowDown open it on the first item, ArrowUp on the last;
 * arrows, Home and End move; Escape closes it back to its button; Tab or a click elsewhere
 * closes it. `compact` (a phone's one-row header): the language, the theme and Settings are
 * items here instead of controls of the header.
 */
export function UserMenu({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation('common');
  const dispatch = useAppDispatch();
  const name = useAppSelector((state) => state.auth.user?.fullname ?? '');
  const dark = useAppSelector((state) => state.layout.layoutColor === 'dark');
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const focusOnOpen = useRef<number | null>(null);
  /** The items, in the arrow keys' order. */
  const menuItems = () =>
    Array.from(root.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? []);

  useEffect(() => {
    if (!open) return;
    if (focusOnOpen.current !== null) menuItems().at(focusOnOpen.current)?.focus();
    const closeOutside = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', closeOutside);
    return () => document.removeEventListener('mousedown', closeOutside);
  }, [open]);

  const openAt = (index: number | null) => {
    focusOnOpen.current = index;
    setOpen(true);
  };

  const onKey = (event: KeyboardEvent) => {
    const links = menuItems();
    const at = links.indexOf(document.activeElement as HTMLElement);
    const focusAt = (index: number) => {
      event.preventDefault();
      if (!open) openAt(index);
      else links.at(index % links.length)?.focus();
    };
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      toggle.current?.focus();
    } else if (event.key === 'ArrowDown') focusAt(at + 1);
    else if (event.key === 'ArrowUp') focusAt(at < 0 ? -1 : at - 1);
    else if (event.key === 'Home' && at >= 0) focusAt(0);
    else if (event.key === 'End' && at >= 0) focusAt(-1);
    else if (event.key === 'Tab') setOpen(false);
  };

  /** An item's shared props: out of the Tab order (the arrow keys move between items). */
  const item = () => ({ tabIndex: -1, className: 'dropdown-item' });
  /** A button item: does its thing, closes the menu and gives focus back to its button. */
  const act = (run: () => void) => () => {
    setOpen(false);
    toggle.current?.focus();
    run();
  };
  const divider = <hr className="dropdown-divider" aria-hidden="true" />;
  const links = ITEMS.map((entry) => (
    <li key={entry.to} role="none">
      <Link {...item()} to={entry.to} role="menuitem" onClick={() => setOpen(false)}>
        {t(entry.label)}
      </Link>
    </li>
  ));
  let settings: ReactNode = null;
  if (compact) {
    settings = (
      <>
        <li role="none">
          {divider}
          <ul role="group" aria-label={t('language')} className="list-unstyled">
            {LANGUAGES.map((lang) => (
              <li key={lang.code} role="none">
                <button
                  {...item()}
                  type="button"
                  role="menuitemradio"
                  aria-checked={i18n.language === lang.code}
                  lang={lang.code}
                  onClick={act(() => setLanguage(lang.code))}
                >
                  <span aria-hidden="true" className="menu-check">
                    {i18n.language === lang.code ? '✓' : ''}
                  </span>
                  {lang.label}
                </button>
              </li>
            ))}
          </ul>
        </li>
        <li role="none">
          {divider}
          <button
            {...item()}
            type="button"
            role="menuitemcheckbox"
            aria-checked={dark}
            onClick={act(() => dispatch(layoutActions.changeLayoutColor(dark ? 'light' : 'dark')))}
          >
            <span aria-hidden="true" className="menu-check">
              {dark ? '✓' : ''}
            </span>
            {t('keyboard:theme.dark')}
          </button>
        </li>
        <li role="none">
          <button
            {...item()}
            type="button"
            role="menuitem"
            onClick={act(() => dispatch(layoutActions.showRightSidebar()))}
          >
            <span aria-hidden="true" className="menu-check" />
            {t('settings.button')}
          </button>
        </li>
      </>
    );
  }

  return (
    <div className={`user-menu dropdown${compact ? ' compact' : ''}`} ref={root} onKeyDown={onKey}>
      {/* The name starts with the visible text (WCAG 2.5.3): speech users say what they see. */}
      <button
        id={USER_MENU_BUTTON_ID}
        ref={toggle}
        type="button"
        className="btn btn-link dropdown-toggle user-menu-toggle"
        aria-label={t('userMenu', { name })}
        aria-haspopup="menu"
        aria-expanded={open}
        // A click opens it on the button; Enter and Space (a click too) on the first item.
        onClick={(event) => (open ? setOpen(false) : openAt(event.detail === 0 ? 0 : null))}
      >
        <span className="user-menu-name">{name}</span>
      </button>
      {open && (
        <ul
          className="dropdown-menu dropdown-menu-end show"
          data-bs-popper="static"
          role="menu"
          aria-label={name}
        >
          {links}
          {settings}
          <li role="none">
            {divider}
            <Link {...item()} to="/auth/logout" role="menuitem" onClick={() => setOpen(false)}>
              {t('menu.logout')}
            </Link>
          </li>
        </ul>
      )}
    </div>
  );
}
