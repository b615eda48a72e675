import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Loading } from '../../records/components/states';
import { chartsHolders } from '../charts-slice';
import type { ChartRenderer, ChartsData, ChartSpec, LabelValue } from '../types';
import { SatisfactionFigures } from '../../ratings/components/satisfaction-figures';

dayjs.extend(utc);

const isDate = (value: string | null): value is string =>
  value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value);

/** The default period: the last 30 days, today included (UTC). */
export function defaultPeriod(now = dayjs.utc()): { from: string; to: string } {
  return { from: now.subtract(29, 'day').format('YYYY-MM-DD'), to: now.format('YYYY-MM-DD') };
}

const pairs = (id: string, kind: ChartSpec['kind'], name: string, rows: LabelValue[]) => ({
  id,
  kind,
  labels: rows.map((r) => r.label),
  series: [{ name, values: rows.map((r) => r.value) }],
});

type Translate = (key: string) => string;

/** The six charts of the page, in order, with their captions' keys. */
export function chartSpecs(data: ChartsData, t: Translate): { caption: string; spec: ChartSpec }[] {
  const count = t('count');
  return [
    {
      caption: t('perDay'),
      spec: {
        id: 'tickets-per-day',
        kind: 'line',
        labels: data.tickets_per_day.map((d) => d.day),
        series: [
          { name: t('opened'), values: data.tickets_per_day.map((d) => d.opened) },
          { name: t('closed'), values: data.tickets_per_day.map((d) => d.closed) },
        ],
      },
    },
    {
      caption: t('byStatus'),
      spec: pairs('tickets-by-status', 'doughnut', count, data.tickets_by_status),
    },
    {
      caption: t('byPriority'),
      spec: pairs('tickets-by-priority', 'bar', count, data.tickets_by_priority),
    },
    {
      caption: t('byHelpdesk'),
      spec: pairs('tickets-by-helpdesk', 'bar', count, data.tickets_by_helpdesk),
    },
    {
      caption: t('contentByType'),
      spec: pairs('content-by-type', 'doughnut', count, data.content_by_type),
    },
    {
      caption: t('contentByStatus'),
      spec: pairs('content-by-status', 'bar', count, data.content_by_status),
    },
  ];
}

/** The text alternative: the chart's values as a table (visually hidden). */
function DataTable({ caption, spec }: { caption: string; spec: ChartSpec }) {
  const { t } = useTranslation('charts');
  return (
    <table className="visually-hidden">
      <caption>{t('tableCaption', { caption })}</caption>
      <thead>
        <tr>
          <th scope="col">{spec.kind === 'line' ? t('day') : t('label')}</th>
          {spec.series.map((s) => (
            <th key={s.name} scope="col">
              {s.name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {spec.labels.map((label, index) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            {spec.series.map((s) => (
              <td key={s.name}>{s.values[index]}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const isEmpty = (spec: ChartSpec) =>
  spec.labels.length === 0 || spec.series.every((s) => s.values.every((v) => v === 0));

/** Both chart pages: the period (From / To, in the URL) and six figures drawn by `Chart`. */
export function ChartsView({ title, Chart }: { title: string; Chart: ChartRenderer }) {
  const { t } = useTranslation('charts');
  const dispatch = useAppDispatch();
  const holder = useAppSelector((state) => state.holders.chartsData);
  const [params, setParams] = useSearchParams();
  const fallback = useMemo(() => defaultPeriod(), []);
  const fromParam = params.get('from');
  const toParam = params.get('to');
  const from = isDate(fromParam) ? fromParam : fallback.from;
  const to = isDate(toParam) ? toParam : fallback.to;
  useEffect(() => {
    dispatch(chartsHolders.chartsData.actions.requested({ from, to }));
  }, [dispatch, from, to]);

  const setDate = (name: 'from' | 'to', value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('from', from);
        next.set('to', to);
        if (isDate(value)) next.set(name, value);
        return next;
      },
      { replace: true },
    );

  const data = holder.data;
  const specs = data ? chartSpecs(data, (key) => t(key)) : [];
  let body: React.ReactNode;
  if (holder.error?.status === 400) {
    body = (
      <div className="alert alert-danger" role="alert">
        {Object.values(holder.error.fields ?? {})[0] ?? holder.error.message}
      </div>
    );
  } else if (holder.loading || !data) body = holder.error ? null : <Loading />;
  else if (specs.every((s) => isEmpty(s.spec))) body = <p>{t('empty')}</p>;
  else
    body = (
      <div className="row g-3">
        {specs.map(({ caption, spec }) => (
          <div key={spec.id} className={spec.kind === 'line' ? 'col-12' : 'col-lg-6'}>
            <figure className="card card-body h-100 mb-0" aria-labelledby={`${spec.id}-caption`}>
              <figcaption id={`${spec.id}-caption`} className="h6">
                {caption}
              </figcaption>
              {isEmpty(spec) ? <p className="mb-0">{t('empty')}</p> : <Chart spec={spec} />}
              <DataTable caption={caption} spec={spec} />
            </figure>
          </div>
        ))}
      </div>
    );

  return (
    <section aria-label={title}>
      <form
        className="card card-body mb-3"
        aria-label={t('period')}
        onSubmit={(e) => e.preventDefault()}
      >
        <div className="row g-2">
          <div className="col-sm-6 col-lg-3">
            <label htmlFor="charts-from" className="form-label">
              {t('from')}
            </label>
            <input
              id="charts-from"
              type="date"
              className="form-control form-control-sm"
              value={from}
              max={to}
              onChange={(event) => setDate('from', event.target.value)}
            />
          </div>
          <div className="col-sm-6 col-lg-3">
            <label htmlFor="charts-to" className="form-label">
              {t('to')}
            </label>
            <input
              id="charts-to"
              type="date"
              className="form-control form-control-sm"
              value={to}
              min={from}
              onChange={(event) => setDate('to', event.target.value)}
            />
          </div>
        </div>
      </form>
      {body}
      <SatisfactionFigures from={from} to={to} />
    </section>
  );
}
