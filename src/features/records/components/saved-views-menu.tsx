import '../i18n';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { bulkViewsHolders } from '../bulk-views-slice';
import { viewUrl } from './view-url';

/**
 * The saved views in the main menu (agents only; vertical and horizontal layouts): each opens
 * its list, with how many records it lists now (one counts call for all of them).
 */
export function SavedViewsMenu({ horizontal = false }: { horizontal?: boolean }) {
  const { t } = useTranslation('records');
  const dispatch = useAppDispatch();
  const isAgent = useAppSelector((state) => state.auth.user?.user_is_hde === true);
  const views = useAppSelector((state) => state.holders.savedViews.data);
  const counts = useAppSelector((state) => state.holders.viewCounts.data);
  const location = useLocation();
  const openView = new URLSearchParams(location.search).get('view');
  useEffect(() => {
    if (isAgent) dispatch(bulkViewsHolders.savedViews.actions.requested());
  }, [isAgent, dispatch]);
  // Counts move as people work: fresh ones with each page the agent opens.
  useEffect(() => {
    if (isAgent) dispatch(bulkViewsHolders.viewCounts.actions.requested());
  }, [isAgent, location.pathname, dispatch]);
  if (!isAgent || !views || views.length === 0) return null;
  const countOf = (id: number) => counts?.find((c) => c.id === id);
  const headingId = 'saved-views-heading';
  return (
    <li
      className={
        horizontal
          ? 'saved-views d-flex flex-wrap align-items-center gap-1'
          : 'saved-views border-top py-2'
      }
    >
      <h2
        id={headingId}
        className={`small text-uppercase fw-semibold mb-1 ${horizontal ? 'me-2 mb-0' : 'px-3'}`}
      >
        {t('views.heading')}
      </h2>
      <ul className={horizontal ? 'nav' : 'nav flex-column'} aria-labelledby={headingId}>
        {views.map((view) => {
          const count = countOf(view.id);
          const current = openView === String(view.id);
          return (
            <li key={view.id} className="nav-item">
              <Link
                to={viewUrl(view)}
                className={`nav-link d-flex justify-content-between gap-2 ${current ? 'active' : ''}`}
                aria-current={current ? 'page' : undefined}
              >
                <span>
                  {view.name}
                  {view.shared && <span className="visually-hidden"> {t('views.sharedMark')}</span>}
                </span>
                {count && (
                  <span
                    className="badge rounded-pill text-bg-secondary"
                    aria-label={t('views.countLabel', { count: count.count })}
                  >
                    {count.capped ? `${count.count}+` : count.count}
                  </span>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </li>
  );
}
