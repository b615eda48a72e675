import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { useAppSelector } from '../app/hooks';
import { SavedViewsMenu } from '../features/records/components/saved-views-menu';
import { MENU_GROUPS, type MenuRow } from '../routes/route-types';

function MenuLinks({
  menu,
  horizontal,
  afterWork,
}: {
  menu: MenuRow[];
  horizontal: boolean;
  /** Items after the agent's work section (the saved views), inside the same (sticky) list. */
  afterWork?: React.ReactNode;
}) {
  const { t } = useTranslation('common');
  const listClass = horizontal ? 'nav' : 'nav flex-column';
  const links = (rows: MenuRow[]) =>
    rows.map((row) => (
      <li key={row.path} className="nav-item">
        <NavLink to={row.path} className="nav-link">
          {t(row.labelKey)}
        </NavLink>
      </li>
    ));
  return (
    <ul className={horizontal ? 'nav align-items-center' : 'nav flex-column py-2'}>
      {MENU_GROUPS.map((group) => {
        const rows = menu.filter((row) => row.group === group);
        if (rows.length === 0) return null;
        if (group === 'start' || group === 'end') return links(rows);
        const headingId = `menu-group-${group}`;
        return [
          <li
            key={group}
            className={
              horizontal
                ? 'menu-group d-flex flex-wrap align-items-center gap-1'
                : 'menu-group border-top py-2'
            }
          >
            <h2
              id={headingId}
              className={`small text-uppercase fw-semibold mb-1 ${horizontal ? 'me-2 mb-0' : 'px-3'}`}
            >
              {t(`menuGroups.${group}`)}
            </h2>
            <ul className={listClass} aria-labelledby={headingId}>
              {links(rows)}
            </ul>
          </li>,
          group === 'work' ? afterWork : null,
        ];
      })}
    </ul>
  );
}

/** Vertical layout's left sidebar: nav landmark 'Main menu'. */
export function Sidebar({ menu }: { menu: MenuRow[] }) {
  const { t } = useTranslation('common');
  const leftSidebarTheme = useAppSelector((state) => state.layout.leftSidebarTheme);
  const leftSidebarType = useAppSelector((state) => state.layout.leftSidebarType);
  const showSidebarUserInfo = useAppSelector((state) => state.layout.showSidebarUserInfo);
  const user = useAppSelector((state) => state.auth.user);
  return (
    <nav
      aria-label={t('mainMenu')}
      className={`sidebar sidebar-${leftSidebarTheme} sidebar-${leftSidebarType}`}
      data-sidebar-theme={leftSidebarTheme}
      data-sidebar-type={leftSidebarType}
    >
      {showSidebarUserInfo && user && (
        <div className="sidebar-user px-3 py-3 border-bottom" data-testid="sidebar-user-info">
          <div className="fw-semibold">{user.fullname}</div>
          <div className="small">{user.email}</div>
        </div>
      )}
      <MenuLinks menu={menu} horizontal={false} afterWork={<SavedViewsMenu key="views" />} />
    </nav>
  );
}

/** Horizontal layout's menu bar: nav landmark 'Main menu'. */
export function HorizontalMenu({ menu }: { menu: MenuRow[] }) {
  const { t } = useTranslation('common');
  return (
    <nav aria-label={t('mainMenu')} className="horizontal-menu border-bottom px-3">
      <MenuLinks menu={menu} horizontal afterWork={<SavedViewsMenu key="views" horizontal />} />
    </nav>
  );
}
