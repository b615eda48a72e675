import '../../home/i18n';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { formatDateTimeLocal } from '../../../lib/dates';
import { usePageTitle } from '../../../lib/page-title';
import { detailsUrl } from '../../../lib/record-link';
import { Loading } from '../../records/components/states';
import { dashboardHolders } from '../dashboard-slice';
import type { Figure } from '../types';
import { ArticleStatsCard } from '../../suggestions/components/article-stats-card';

function FigureCard({ figure }: { figure: Figure }) {
  const { t } = useTranslation('overview');
  const label = t(`dashboard.figures.${figure.key}`, { defaultValue: figure.label });
  return (
    <div className="col-sm-6 col-xl-4">
      <Link
        to={figure.link}
        className="card h-100 text-decoration-none dashboard-figure"
        aria-label={t('dashboard.figureName', { label, value: figure.value })}
      >
        {/* Label first in the text, number on top on screen, a space between (axe reads the
            text as written): the name "label: value" holds the visible text (WCAG 2.5.3). */}
        <div className="card-body d-flex flex-column-reverse">
          <div>{label}</div> <div className="fs-2 fw-bold">{figure.value}</div>
        </div>
      </Link>
    </div>
  );
}

/** /dashboard/default: figures linking to the filtered lists, open per help desk, activity. */
export default function DashboardPage() {
  const { t } = useTranslation('overview');
  usePageTitle(t('dashboard.title'), [
    { label: t('common:menu.home'), path: '/home' },
    { label: t('dashboard.title'), path: '/dashboard/default' },
  ]);
  const dispatch = useAppDispatch();
  const holder = useAppSelector((state) => state.holders.dashboard);
  const user = useAppSelector((state) => state.auth.user);
  useEffect(() => {
    dispatch(dashboardHolders.dashboard.actions.requested());
  }, [dispatch]);
  const data = holder.data;
  if (!data) return holder.loading ? <Loading /> : null;
  return (
    <div>
      <section aria-labelledby="dashboard-figures" className="mb-4">
        <h2 id="dashboard-figures" className="h5">
          {t('dashboard.figuresHeading')}
        </h2>
        <div className="row g-3">
          {data.figures.map((figure) => (
            <FigureCard key={figure.key} figure={figure} />
          ))}
        </div>
      </section>
      {data.per_helpdesk && (
        <section aria-labelledby="dashboard-per-hd" className="mb-4">
          <h2 id="dashboard-per-hd" className="h5">
            {t('dashboard.perHelpdesk')}
          </h2>
          <ul className="list-group">
            {data.per_helpdesk.map((row) => (
              <li
                key={row.hd_id}
                className="list-group-item d-flex justify-content-between align-items-center"
              >
                <Link to={`/hd_ticket?hd_id=${row.hd_id}&status_group=open`}>{row.hd_name}</Link>
                <span className="badge text-bg-primary rounded-pill">
                  {t('dashboard.openCount', { count: row.open })}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="dashboard-activity">
        <h2 id="dashboard-activity" className="h5">
          {t('dashboard.activity')}
        </h2>
        {data.activity.length === 0 ? (
          <p>{t('dashboard.noActivity')}</p>
        ) : (
          <ul className="list-group">
            {data.activity.map((event, index) => (
              <li key={`${event.record_id}-${index}`} className="list-group-item">
                <Link
                  to={detailsUrl({ id: event.record_id, object_type: event.object_type }, user)}
                >
                  {event.title}
                </Link>
                <div className="small text-body-secondary">
                  {t('dashboard.activityLine', {
                    action: t(`dashboard.actions.${event.action}`, {
                      defaultValue: event.action.replace(/_/g, ' '),
                    }),
                    actor: event.actor_name ?? t('dashboard.someone'),
                    date: formatDateTimeLocal(event.created_at),
                  })}
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      {user?.user_is_hde && <ArticleStatsCard />}
    </div>
  );
}
