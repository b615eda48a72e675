import { useEffect, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAppSelector } from '../app/hooks';

const ITEMS = [
  { to: '/profile', label: 'menu.profile' },
  { to: '/editor', label: 'menu.editProfile' },
  { to: '/auth/logout', label: 'menu.logout', divided: true },
] as const;

/**
 * The signed-in user's menu (Profile, Edit profile, Log out): a menu button as WAI-ARIA's menu
 * button pattern describes it. Bootstrap's dropdown classes place it under its button, so every
 * signed-in page's first screen does without Popper and reactstrap's Dropdown (15 KB brotli,
 * docs/performance.md). Enter, Space or ArrowDown open it on the first item, ArrowUp on the last;
 * arrows, Home and End move; Escape closes it back to its button; Tab or a click elsewhere
 * closes it.
 */
export function UserMenu() {
  const { t } = useTranslation('common');
  const name = useAppSelector((state) => state.auth.user?.fullname ?? '');
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const items = useRef<(HTMLAnchorElement | null)[]>([]);
  const focusOnOpen = useRef<number | null>(null);

  useEffect(() => {
    if (!open) return;
    if (focusOnOpen.current !== null) items.current.at(focusOnOpen.current)?.focus();
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
    const links = items.current.filter((a): a is HTMLAnchorElement => a !== null);
    const at = links.indexOf(document.activeElement as HTMLAnchorElement);
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

  return (
    <div className="user-menu dropdown" ref={root} onKeyDown={onKey}>
      {/* The name starts with the visible text (WCAG 2.5.3): speech users say what they see. */}
      <button
        ref={toggle}
        type="button"
        className="btn btn-link dropdown-toggle user-menu-toggle"
        aria-label={t('userMenu', { name })}
        aria-haspopup="menu"
        aria-expanded={open}
        // A click opens it on the button; Enter and Space (a click too) on the first item.
        onClick={(event) => (open ? setOpen(false) : openAt(event.detail === 0 ? 0 : null))}
      >
        {name}
      </button>
      {open && (
        <ul
          className="dropdown-menu dropdown-menu-end show"
          data-bs-popper="static"
          role="menu"
          aria-label={name}
        >
          {ITEMS.map((item, index) => (
            <li key={item.to} role="none">
              {'divided' in item && <hr className="dropdown-divider" aria-hidden="true" />}
              <Link
                ref={(a) => {
                  items.current[index] = a;
                }}
                to={item.to}
                role="menuitem"
                tabIndex={-1}
                className="dropdown-item"
                onClick={() => setOpen(false)}
              >
                {t(item.label)}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
