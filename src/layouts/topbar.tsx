import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { layoutActions } from '../features/layout/layout-slice';
import { TopbarSearch } from '../features/search/components/topbar-search';
import { LanguageSwitcher } from './language-switcher';
import { ThemeToggle } from './theme-toggle';
import { UserMenu } from './user-menu';

export const SETTINGS_BUTTON_ID = 'settings-button';
export const RIGHT_SIDEBAR_ID = 'right-sidebar';
export const MAIN_MENU_ID = 'main-menu';

/**
 * The header: the Menu button (phones and small tablets only: it opens the main menu's drawer),
 * brand, search, language switcher, theme, Settings button (opens the right sidebar), user menu.
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
  return (
    <header className={`topbar topbar-${theme} border-bottom`} data-topbar-theme={theme}>
      <div className="topbar-row d-flex align-items-center gap-3 px-3 py-2 flex-wrap">
        <button
          ref={menuToggle}
          type="button"
          className={`btn btn-sm menu-toggle d-lg-none ${outline}`}
          aria-expanded={menuOpen}
          aria-controls={MAIN_MENU_ID}
          onClick={onToggleMenu}
        >
          <span aria-hidden="true">☰</span> {t('menuToggle')}
        </button>
        <Link to="/home" className="brand fs-5 fw-bold text-decoration-none me-auto">
          {t('brand')}
        </Link>
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
              settingsOpen ? layoutActions.hideRightSidebar() : layoutActions.showRightSidebar(),
            )
          }
        >
          {t('settings.button')}
        </button>
        <UserMenu />
      </div>
    </header>
  );
}
