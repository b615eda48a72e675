import { Suspense } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { useAppSelector } from '../app/hooks';
import { KeyboardHost } from '../features/keyboard/components/keyboard-host';
import { PageHeader } from './page-header';
import { PageLoader } from './page-loader';
import { RightSidebar } from './right-sidebar';
import { Topbar } from './topbar';
import { useIdleLock } from './use-idle-lock';

/** What both signed-in layouts share: topbar, menu slot, page header, page, settings panel. */
export function SignedInFrame({
  menu,
  type,
}: {
  menu: ReactNode;
  type: 'vertical' | 'horizontal';
}) {
  const { t } = useTranslation('common');
  const { layoutWidth, menuPosition } = useAppSelector((state) => state.layout);
  useIdleLock();
  return (
    <div
      className={`app-shell layout-${type} width-${layoutWidth} menu-${menuPosition}`}
      data-layout={type}
    >
      <a href="#main-content" className="visually-hidden-focusable skip-link">
        {t('skipToContent')}
      </a>
      <Topbar />
      <div className="app-body">
        {menu}
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
