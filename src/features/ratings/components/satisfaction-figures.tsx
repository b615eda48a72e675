import '../i18n';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Alert } from '../../../lib/form-field';
import { Loading } from '../../records/components/states';
import { ratingsHolders } from '../ratings-slice';

interface Row {
  key: string;
  label: string;
  good: number;
  bad: number;
  percent: number | null;
}

function FiguresTable({ caption, head, rows }: { caption: string; head: string; rows: Row[] }) {
  const { t } = useTranslation('ratings');
  return (
    <div className="table-responsive">
      <table className="table table-sm">
        <caption className="caption-top text-body fw-semibold">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{head}</th>
            <th scope="col">{t('figures.good')}</th>
            <th scope="col">{t('figures.bad')}</th>
            <th scope="col">{t('figures.percent')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key}>
              <th scope="row">{r.label}</th>
              <td>{r.good}</td>
              <td>{r.bad}</td>
              <td>{r.percent === null ? t('figures.none') : `${r.percent} %`}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * On the charts pages, below the charts: the satisfaction ratings given in the period, per help
 * desk, per agent (the assignee when solved) and per week (GET /api/charts/satisfaction/).
 */
export function SatisfactionFigures({ from, to }: { from: string; to: string }) {
  const { t } = useTranslation('ratings');
  const dispatch = useAppDispatch();
  const holder = useAppSelector((state) => state.holders.satisfactionFigures);
  useEffect(() => {
    dispatch(ratingsHolders.satisfactionFigures.actions.requested({ from, to }));
  }, [dispatch, from, to]);

  const data = holder.data;
  let body: React.ReactNode;
  if (holder.error)
    body =
      holder.error.status === 400 ? null : <Alert kind="danger">{t('figures.loadFailed')}</Alert>;
  else if (holder.loading || !data) body = <Loading />;
  else if (data.weeks.length === 0) body = <p>{t('figures.empty')}</p>;
  else {
    const period = { from: data.from, to: data.to };
    body = (
      <div className="row g-3">
        <div className="col-lg-6">
          <FiguresTable
            caption={t('figures.byDesk', period)}
            head={t('figures.desk')}
            rows={data.desks.map((d) => ({ key: String(d.hd_id), label: d.hd_name, ...d }))}
          />
        </div>
        <div className="col-lg-6">
          <FiguresTable
            caption={t('figures.byAgent', period)}
            head={t('figures.agent')}
            rows={data.agents.map((a) => ({
              key: String(a.agent_id),
              label: a.agent_name ?? t('figures.noAgent'),
              ...a,
            }))}
          />
        </div>
        <div className="col-12">
          <FiguresTable
            caption={t('figures.byWeek', period)}
            head={t('figures.week')}
            rows={data.weeks.map((w) => ({ key: w.week, label: w.week, ...w }))}
          />
        </div>
      </div>
    );
  }
  return (
    <section className="card card-body mt-3" aria-labelledby="satisfaction-figures-heading">
      <h2 id="satisfaction-figures-heading" className="h5">
        {t('figures.heading')}
      </h2>
      {body}
    </section>
  );
}

export default SatisfactionFigures;
