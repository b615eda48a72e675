import { useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'react-redux';
import { Link } from 'react-router-dom';
import type { RootState } from '../app/root-reducer';
import type { PageTitle } from '../lib/page-title';

/**
 * The title the page has set, listened to from the layout phase on. A page sets its title in a
 * layout effect (usePageTitle), and this header mounts in the same commit as the page on a first
 * screen: useSelector would only subscribe in a passive effect, after the browser may have
 * painted the page without its title and then pushed it down by the title's height (a layout
 * shift of 0.04-0.06 on a phone). This header's layout effect runs before the page's (it comes
 * first in the tree), so the title the page sets re-renders it before that paint.
 */
function usePageTitleState(): PageTitle {
  const store = useStore<RootState>();
  const [pageTitle, setPageTitle] = useState(() => store.getState().layout.pageTitle);
  useLayoutEffect(() => {
    const read = () => setPageTitle(store.getState().layout.pageTitle);
    read();
    return store.subscribe(read);
  }, [store]);
  return pageTitle;
}

/** The page title and breadcrumb set by the page (usePageTitle). */
export function PageHeader() {
  const { t } = useTranslation('common');
  const { title, breadcrumbItems } = usePageTitleState();
  if (!title) return null;
  return (
    <div className="page-title-box d-flex flex-wrap align-items-center justify-content-between mb-3">
      <h1 className="fs-4 mb-0">{title}</h1>
      {breadcrumbItems.length > 0 && (
        <nav aria-label={t('breadcrumb')}>
          <ol className="breadcrumb mb-0">
            {breadcrumbItems.map((item, index) =>
              index === breadcrumbItems.length - 1 ? (
                <li key={item.path} className="breadcrumb-item active" aria-current="page">
                  {item.label}
                </li>
              ) : (
                <li key={item.path} className="breadcrumb-item">
                  <Link to={item.path}>{item.label}</Link>
                </li>
              ),
            )}
          </ol>
        </nav>
      )}
    </div>
  );
}
