import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { useAppSelector } from '../app/hooks';
import { SavedViewsMenu } from '../features/records/components/saved-views-menu';
import type { MenuRow } from '../routes/route-types';

function MenuLinks({
  menu,
  className,
  extra,
}: {
  menu: MenuRow[];
  className: string;
  /** Items after the rows (the saved views), inside the same (sticky) list. */
  extra?: React.ReactNode;
}) {
  const { t } = useTranslation('common');
  return (
    <ul className={className}>
      {menu.map((row) => (
        <li key={row.path} className="nav-item">
          <NavLink to={row.path} className="nav-link">
            {t(row.labelKey)}
          </NavLink>
        </li>
      ))}
      {extra}
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
      <MenuLinks menu={menu} className="nav flex-column py-2" extra={<SavedViewsMenu />} />
    </nav>
  );
}

/** Horizontal layout's menu bar: nav landmark 'Main menu'. */
export function HorizontalMenu({ menu }: { menu: MenuRow[] }) {
  const { t } = useTranslation('common');
  return (
    <nav aria-label={t('mainMenu')} className="horizontal-menu border-bottom px-3">
      <MenuLinks menu={menu} className="nav" extra={<SavedViewsMenu horizontal />} />
    </nav>
  );
}
