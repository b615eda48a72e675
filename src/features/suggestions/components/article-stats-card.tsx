import '../i18n';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { suggestionsHolders } from '../suggestions-slice';

const DAYS = 14;

/**
 * The agents' dashboard card: article views, deflections and helpful / unhelpful votes per day
 * (bars, with the same figures as a table) and the articles with the most of them
 * (article_daily_stats).
 */
export function ArticleStatsCard() {
  const { t } = useTranslation('suggestions');
  const dispatch = useAppDispatch();
  const holder = useAppSelector((state) => state.holders.articleStats);
  const headingId = useId();
  useEffect(() => {
    dispatch(suggestionsHolders.articleStats.actions.requested(DAYS));
  }, [dispatch]);
  const data = holder.data;
  const max = Math.max(1, ...(data?.days ?? []).map((d) => d.views + d.deflections));
  const active = data?.days.some((d) => d.views + d.deflections + d.helpful + d.unhelpful > 0);
  return (
    <section aria-labelledby={headingId} className="card mt-4" data-testid="article-stats">
      <div className="card-body">
        <h2 id={headingId} className="h5">
          {t('stats.title')}{' '}
          <small className="text-body-secondary">{t('stats.days', { count: DAYS })}</small>
        </h2>
        {!data ? (
          holder.loading && (
            <div className="spinner-border spinner-border-sm" role="status">
              <span className="visually-hidden">{t('loading')}</span>
            </div>
          )
        ) : !active ? (
          <p className="mb-0">{t('stats.empty')}</p>
        ) : (
          <>
            <div
              className="d-flex align-items-end gap-1 mb-3"
              style={{ height: 80 }}
              role="img"
              aria-label={t('stats.chartLabel')}
            >
              {data.days.map((d) => (
                <div
                  key={d.day}
                  className="flex-fill d-flex flex-column justify-content-end"
                  style={{ height: '100%' }}
                  title={`${d.day}: ${t('stats.views')} ${d.views}, ${t('stats.deflections')} ${d.deflections}`}
                >
                  <div
                    className="bg-success"
                    style={{ height: `${(d.deflections / max) * 100}%` }}
                  />
                  <div className="bg-primary" style={{ height: `${(d.views / max) * 100}%` }} />
                </div>
              ))}
            </div>
            <div className="table-responsive">
              <table className="table table-sm mb-0">
                <thead>
                  <tr>
                    <th scope="col">{t('stats.article')}</th>
                    <th scope="col" className="text-end">
                      {t('stats.views')}
                    </th>
                    <th scope="col" className="text-end">
                      {t('stats.deflections')}
                    </th>
                    <th scope="col" className="text-end">
                      {t('stats.helpful')}
                    </th>
                    <th scope="col" className="text-end">
                      {t('stats.unhelpful')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.articles.map((a) => (
                    <tr key={a.id}>
                      <th scope="row" className="fw-normal">
                        {a.title}
                      </th>
                      <td className="text-end">{a.views}</td>
                      <td className="text-end">{a.deflections}</td>
                      <td className="text-end">{a.helpful}</td>
                      <td className="text-end">{a.unhelpful}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </div>
    </section>
  );
}
