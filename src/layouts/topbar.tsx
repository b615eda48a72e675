import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Dropdown, DropdownItem, DropdownMenu, DropdownToggle } from 'reactstrap';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { layoutActions } from '../features/layout/layout-slice';
import { TopbarSearch } from '../features/search/components/topbar-search';
import { LanguageSwitcher } from './language-switcher';
import { ThemeToggle } from './theme-toggle';

export const SETTINGS_BUTTON_ID = 'settings-button';
export const RIGHT_SIDEBAR_ID = 'right-sidebar';

function UserMenu() {
  const { t } = useTranslation('common');
  const user = useAppSelector((state) => state.auth.user);
  const [open, setOpen] = useState(false);
  return (
    <Dropdown isOpen={open} toggle={() => setOpen((value) => !value)}>
      {/* The name starts with the visible text (WCAG 2.5.3): speech users say what they see. */}
      <DropdownToggle
        caret
        color="link"
        className="user-menu-toggle"
        aria-label={t('userMenu', { name: user?.fullname ?? '' })}
      >
        {user?.fullname ?? ''}
      </DropdownToggle>
      <DropdownMenu end>
        <DropdownItem tag={Link} to="/profile">
          {t('menu.profile')}
        </DropdownItem>
        <DropdownItem tag={Link} to="/editor">
          {t('menu.editProfile')}
        </DropdownItem>
        <DropdownItem divider />
        <DropdownItem tag={Link} to="/auth/logout">
          {t('menu.logout')}
        </DropdownItem>
      </DropdownMenu>
    </Dropdown>
  );
}

/** The header: brand, language switcher, Settings button (opens the right sidebar), user menu. */
export function Topbar() {
  const { t } = useTranslation('common');
  const dispatch = useAppDispatch();
  const theme = useAppSelector((state) => state.layout.topbarTheme);
  const settingsOpen = useAppSelector((state) => state.layout.showRightSidebar);
  return (
    <header className={`topbar topbar-${theme} border-bottom`} data-topbar-theme={theme}>
      <div className="d-flex align-items-center gap-3 px-3 py-2 flex-wrap">
        <Link to="/home" className="brand fs-5 fw-bold text-decoration-none me-auto">
          {t('brand')}
        </Link>
        <TopbarSearch />
        <LanguageSwitcher />
        <ThemeToggle />
        <button
          id={SETTINGS_BUTTON_ID}
          type="button"
          className={`btn btn-sm settings-button ${theme === 'dark' ? 'btn-outline-light' : 'btn-outline-secondary'}`}
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
