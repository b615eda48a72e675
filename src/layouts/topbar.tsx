import { useRef, useState } from 'react';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { layoutActions } from '../features/layout/layout-slice';
import { TopbarSearch } from '../features/search/components/topbar-search';
import { PHONE_QUERY, useMediaQuery } from '../lib/use-media-query';
import { LanguageSwitcher } from './language-switcher';
import { ThemeToggle } from './theme-toggle';
import { UserMenu } from './user-menu';

export const SETTINGS_BUTTON_ID = 'settings-button';
export const RIGHT_SIDEBAR_ID = 'right-sidebar';
export const MAIN_MENU_ID = 'main-menu';
const PHONE_SEARCH_ID = 'topbar-phone-search';

/**
 * The header: the Menu button (phones and small tablets only: it opens the main menu's drawer),
 * brand, search, language switcher, theme, Settings button (opens the right sidebar), user menu.
 * On a phone it is one row (Menu, brand, a Search button that unfolds the search box below it,
 * the user menu), and the language, the theme and Settings are in the user menu, so the page
 * starts right under it.
 */
export function Topbar({
  menuOpen,
  menuToggle,
  onToggleMenu,
}: {
  menuOpen: boolean;
  menuToggle: RefObject<HTMLButtonElement | null>;
  onToggleMenu: () => void;
}) {
  const { t } = useTranslation('common');
  const dispatch = useAppDispatch();
  const theme = useAppSelector((state) => state.layout.topbarTheme);
  const settingsOpen = useAppSelector((state) => state.layout.showRightSidebar);
  const outline = theme === 'dark' ? 'btn-outline-light' : 'btn-outline-secondary';
  const phone = useMediaQuery(PHONE_QUERY);
  const [searching, setSearching] = useState(false);
  const searchToggle = useRef<HTMLButtonElement>(null);
  const closeSearch = (returnFocus: boolean) => {
    setSearching(false);
    if (returnFocus) searchToggle.current?.focus();
  };
  return (
    <header className={`topbar topbar-${theme} border-bottom`} data-topbar-theme={theme}>
      <div
        className={`topbar-row d-flex align-items-center px-3 py-2 ${phone ? 'gap-2 flex-nowrap' : 'gap-3 flex-wrap'}`}
      >
        <button
          ref={menuToggle}
          type="button"
          className={`btn btn-sm menu-toggle d-lg-none ${outline}`}
          aria-expanded={menuOpen}
          aria-controls={MAIN_MENU_ID}
          onClick={onToggleMenu}
        >
          <span aria-hidden="true">☰</span>{' '}
          <span className={phone ? 'visually-hidden' : undefined}>{t('menuToggle')}</span>
        </button>
        <Link to="/home" className="brand fs-5 fw-bold text-decoration-none me-auto">
          {t('brand')}
        </Link>
        {phone ? (
          <button
            ref={searchToggle}
            type="button"
            className={`btn btn-sm search-toggle ${outline}`}
            aria-expanded={searching}
            aria-controls={PHONE_SEARCH_ID}
            onClick={() => setSearching((open) => !open)}
          >
            <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16" fill="none">
              <circle cx="6.5" cy="6.5" r="5" stroke="currentColor" strokeWidth="2" />
              <path d="M10.5 10.5 15 15" stroke="currentColor" strokeWidth="2" />
            </svg>
            <span className="visually-hidden">{t('topbarSearch.open')}</span>
          </button>
        ) : (
          <>
            <TopbarSearch />
            <LanguageSwitcher />
            <ThemeToggle />
            <button
              id={SETTINGS_BUTTON_ID}
              type="button"
              className={`btn btn-sm settings-button ${outline}`}
              aria-expanded={settingsOpen}
              aria-controls={RIGHT_SIDEBAR_ID}
              onClick={() =>
                dispatch(
                  settingsOpen
                    ? layoutActions.hideRightSidebar()
                    : layoutActions.showRightSidebar(),
                )
              }
            >
              {t('settings.button')}
            </button>
          </>
        )}
        <UserMenu compact={phone} />
      </div>
      {phone && searching && (
        <div id={PHONE_SEARCH_ID} className="px-3 pb-2">
          <TopbarSearch autoFocus onDone={closeSearch} />
        </div>
      )}
    </header>
  );
}
