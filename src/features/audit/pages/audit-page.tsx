import '../i18n';
import { useFormik } from 'formik';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { formatDateTimeLocal } from '../../../lib/dates';
import { FormField, SubmitButton, useServerFieldErrors } from '../../../lib/form-field';
import { usePageTitle } from '../../../lib/page-title';
import { ErrorState, Loading } from '../../records/components/states';
import { auditHolders } from '../audit-slice';
import { UserPicker } from '../components/user-picker';
import { AUDIT_KINDS, type AuditEntry, type AuditFilter, type AuditUser } from '../types';

const H = auditHolders;

interface FilterValues {
  user: AuditUser | null;
  kind: string;
  from: string;
  to: string;
}

const EMPTY: FilterValues = { user: null, kind: '', from: '', to: '' };

function toFilter(v: FilterValues): AuditFilter {
  return {
    ...(v.user ? { user_id: v.user.id } : {}),
    ...(v.kind ? { kind: v.kind } : {}),
    ...(v.from ? { from: v.from } : {}),
    ...(v.to ? { to: v.to } : {}),
  };
}

const show = (value: unknown) =>
  value === null || value === undefined
    ? '—'
    : typeof value === 'string'
      ? value
      : JSON.stringify(value);

/** Before and after of a change: one row per field that differs (all of them for one side). */
function Changes({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('audit');
  const details = entry.details as {
    before?: Record<string, unknown> | null;
    after?: Record<string, unknown> | null;
  };
  if (!('before' in details) && !('after' in details)) {
    const keys = Object.keys(details);
    return keys.length ? <code className="small">{JSON.stringify(details)}</code> : null;
  }
  const before = details.before ?? {};
  const after = details.after ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]),
  );
  if (fields.length === 0) return null;
  return (
    <details>
      <summary>{t('changes', { count: fields.length })}</summary>
      <table className="table table-sm mb-0">
        <caption className="visually-hidden">{t('changesOf', { kind: entry.kind })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('columns.field')}</th>
            <th scope="col">{t('columns.before')}</th>
            <th scope="col">{t('columns.after')}</th>
          </tr>
        </thead>
        <tbody>
          {fields.map((f) => (
            <tr key={f}>
              <th scope="row">
                <code>{f}</code>
              </th>
              <td className="text-break">{show(before[f])}</td>
              <td className="text-break">{show(after[f])}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

/** The retention setting (formik + yup), the server's 400 beside the field. */
function RetentionForm() {
  const { t } = useTranslation('audit');
  const dispatch = useAppDispatch();
  const settings = useAppSelector((state) => state.holders.auditSettings);
  const save = useAppSelector((state) => state.holders.saveAuditSettings);
  const formik = useFormik<{ retention_days: string }>({
    initialValues: { retention_days: String(settings.data?.retention_days ?? '') },
    enableReinitialize: true,
    validationSchema: yup.object({
      retention_days: yup
        .number()
        .typeError(t('retention.invalid'))
        .integer(t('retention.invalid'))
        .min(30, t('retention.invalid'))
        .max(3650, t('retention.invalid'))
        .required(t('retention.invalid')),
    }),
    onSubmit: (v) => {
      dispatch(H.saveAuditSettings.actions.requested({ retention_days: Number(v.retention_days) }));
    },
  });
  useServerFieldErrors(formik, save.error);
  if (!settings.data) return null;
  return (
    <form
      className="card card-body mb-3"
      aria-label={t('retention.title')}
      onSubmit={formik.handleSubmit}
      noValidate
    >
      <h2 className="h5">{t('retention.title')}</h2>
      <div className="row align-items-end">
        <div className="col-sm-6 col-md-4">
          <FormField
            formik={formik}
            name="retention_days"
            type="number"
            label={t('retention.days')}
            hint={t('retention.hint')}
            idPrefix="audit"
          />
        </div>
        <div className="col-auto mb-3">
          <SubmitButton
            loading={save.loading}
            label={t('retention.save')}
            className="btn btn-outline-primary"
          />
        </div>
      </div>
    </form>
  );
}

/** /audit-log (administrators; the route's adminOnly): who signed in, who changed what. */
export default function AuditPage() {
  const { t } = useTranslation('audit');
  usePageTitle(t('title'), [
    { label: t('common:menu.home'), path: '/home' },
    { label: t('title'), path: '/audit-log' },
  ]);
  const dispatch = useAppDispatch();
  const log = useAppSelector((state) => state.holders.auditLog);
  const exported = useAppSelector((state) => state.holders.auditExport);
  const [filter, setFilter] = useState<AuditFilter>({});
  const [page, setPage] = useState(1);

  useEffect(() => {
    dispatch(H.auditLog.actions.requested({ ...filter, page }));
  }, [dispatch, filter, page]);
  useEffect(() => {
    dispatch(H.auditSettings.actions.requested());
    return () => {
      dispatch(H.auditExport.actions.reset());
      dispatch(H.saveAuditSettings.actions.reset());
    };
  }, [dispatch]);

  const formik = useFormik<FilterValues>({
    initialValues: EMPTY,
    validationSchema: yup.object({
      kind: yup.string(),
      from: yup.string(),
      to: yup.string().test('range', t('filters.range'), function check(to) {
        const from = (this.parent as FilterValues).from;
        return !to || !from || from <= to;
      }),
    }),
    onSubmit: (v) => {
      setPage(1);
      setFilter(toFilter(v));
    },
  });
  useServerFieldErrors(formik, log.error);

  const data = log.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;
  let body: React.ReactNode;
  if (log.loading && !data) body = <Loading />;
  else if (log.error && !data)
    body = (
      <ErrorState
        message={t('loadError')}
        onRetry={() => dispatch(H.auditLog.actions.requested({ ...filter, page }))}
      />
    );
  else if (!data || data.items.length === 0)
    body = <p className="text-body-secondary">{t('empty')}</p>;
  else
    body = (
      <div className="table-responsive">
        <table className="table align-middle">
          <caption className="visually-hidden">{t('title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('columns.at')}</th>
              <th scope="col">{t('columns.actor')}</th>
              <th scope="col">{t('columns.kind')}</th>
              <th scope="col">{t('columns.target')}</th>
              <th scope="col">{t('columns.outcome')}</th>
              <th scope="col">{t('columns.details')}</th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((e) => (
              <tr key={e.id}>
                <td className="text-nowrap">{formatDateTimeLocal(e.at)}</td>
                <td className="text-break">
                  {e.actor_label || t('nobody')}
                  {e.address && <div className="small text-body-secondary">{e.address}</div>}
                </td>
                <td>
                  <code>{e.kind}</code>
                </td>
                <td>{e.target_kind ? `${e.target_kind} ${e.target_id ?? ''}` : '—'}</td>
                <td>
                  {e.outcome === 'success' ? t('outcome.success') : t('outcome.failure')}
                  {e.reason && <div className="small text-body-secondary">{e.reason}</div>}
                </td>
                <td>
                  <Changes entry={e} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );

  return (
    <div>
      <p>{t('intro')}</p>
      <form
        className="card card-body mb-3"
        aria-label={t('filters.title')}
        onSubmit={formik.handleSubmit}
        noValidate
      >
        <div className="row">
          <div className="col-sm-6 col-lg-3">
            <UserPicker
              value={formik.values.user}
              onChange={(user) => void formik.setFieldValue('user', user)}
            />
          </div>
          <div className="col-sm-6 col-lg-3">
            <FormField
              formik={formik}
              name="kind"
              label={t('filters.kind')}
              idPrefix="audit-filter"
              options={[
                { value: '', label: t('filters.allKinds') },
                ...AUDIT_KINDS.map((k) => ({ value: k, label: k })),
              ]}
            />
          </div>
          <div className="col-sm-6 col-lg-3">
            <FormField
              formik={formik}
              name="from"
              type="date"
              label={t('filters.from')}
              idPrefix="audit-filter"
            />
          </div>
          <div className="col-sm-6 col-lg-3">
            <FormField
              formik={formik}
              name="to"
              type="date"
              label={t('filters.to')}
              idPrefix="audit-filter"
            />
          </div>
        </div>
        <div className="d-flex flex-wrap gap-2">
          <SubmitButton
            loading={log.loading}
            label={t('filters.apply')}
            className="btn btn-primary"
          />
          <button
            type="button"
            className="btn btn-outline-secondary"
            onClick={() => {
              formik.resetForm();
              setPage(1);
              setFilter({});
            }}
          >
            {t('filters.clear')}
          </button>
          <button
            type="button"
            className="btn btn-outline-primary ms-auto"
            disabled={exported.loading}
            aria-busy={exported.loading}
            onClick={() => dispatch(H.auditExport.actions.requested(filter))}
          >
            {exported.loading && (
              <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
            )}
            {t('export')}
          </button>
        </div>
        {exported.data && (
          <p className="mt-2 mb-0" role="status">
            {t('exported', { name: exported.data.name })}
          </p>
        )}
      </form>
      {data && data.items.length > 0 && (
        <p className="text-body-secondary" aria-live="polite">
          {data.total_capped
            ? t('countCapped', { count: data.total })
            : t('count', { count: data.total })}
        </p>
      )}
      {body}
      {data && pages > 1 && (
        <nav aria-label={t('pages')} className="d-flex align-items-center gap-2">
          <button
            type="button"
            className="btn btn-outline-secondary btn-sm"
            disabled={page <= 1 || log.loading}
            onClick={() => setPage(page - 1)}
          >
            {t('previous')}
          </button>
          <span>{t('pageOf', { page, pages })}</span>
          <button
            type="button"
            className="btn btn-outline-secondary btn-sm"
            disabled={page >= pages || log.loading}
            onClick={() => setPage(page + 1)}
          >
            {t('next')}
          </button>
        </nav>
      )}
      <RetentionForm />
    </div>
  );
}
