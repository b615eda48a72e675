import './i18n';
import { useFormik } from 'formik';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { SubmitButton, generalError, useServerFieldErrors } from '../../lib/form-field';
import { oneLineTest } from '../../lib/one-line';
import type { ErrorInfo } from '../../lib/types';
import { ssoHolders } from './sso-slice';
import type { SsoProvider, SsoProviderBody } from './types';

export interface ProviderValues {
  issuer: string;
  client_id: string;
  client_secret: string;
  scopes: string;
  label: string;
  domains: string;
  create_users: 'none' | 'user' | 'agent';
  agents_must_use: boolean;
  active: boolean;
}

export function toBody(v: ProviderValues): SsoProviderBody {
  return {
    issuer: v.issuer.trim(),
    client_id: v.client_id.trim(),
    client_secret: v.client_secret.trim(),
    scopes: v.scopes.trim(),
    label: v.label.trim(),
    domains: v.domains
      .split(/[\s,]+/)
      .map((d) => d.trim())
      .filter(Boolean),
    create_users: v.create_users,
    agents_must_use: v.agents_must_use,
    active: v.active,
  };
}

/** The server names a bad domain by its place (`domains.0`): shown beside the domains. */
function serverError(error: ErrorInfo | null): ErrorInfo | null {
  if (!error?.fields) return error;
  const fields: Record<string, string> = {};
  for (const [key, message] of Object.entries(error.fields)) {
    fields[key.startsWith('domains') ? 'domains' : key] = message;
  }
  return { ...error, fields };
}

type TextName = 'issuer' | 'client_id' | 'client_secret' | 'scopes' | 'label' | 'domains';

/** Add or edit a provider (formik + yup); the server's field messages show beside each field. */
export function ProviderForm({
  provider,
  saving,
  error,
  onSave,
  onCancel,
}: {
  provider: SsoProvider | null;
  saving: boolean;
  error: ErrorInfo | null;
  onSave: (values: ProviderValues) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('sso');
  const dispatch = useAppDispatch();
  const discovery = useAppSelector((state) => state.holders.ssoDiscovery);
  const idBase = useId();
  const id = (name: string) => `${idBase}-${name}`;
  const oneLine = oneLineTest(t('common:validation.oneLine'));
  const schema = yup.object({
    issuer: yup
      .string()
      .trim()
      .required(t('form.issuerRequired'))
      .max(500, t('form.issuerRequired'))
      .test('url', t('form.issuerRequired'), (value) => /^https?:\/\/\S+$/i.test(value ?? '')),
    client_id: yup.string().trim().required(t('form.clientIdRequired')).max(200).test(oneLine),
    client_secret: provider
      ? yup.string().max(500).test(oneLine)
      : yup.string().trim().required(t('form.secretRequired')).max(500).test(oneLine),
    scopes: yup.string().max(200).test(oneLine),
    label: yup.string().trim().required(t('form.labelRequired')).max(60).test(oneLine),
    domains: yup.string().max(5000).test(oneLine),
  });
  const formik = useFormik<ProviderValues>({
    initialValues: useMemo(
      () => ({
        issuer: provider?.issuer ?? '',
        client_id: provider?.client_id ?? '',
        client_secret: '',
        scopes: provider?.scopes ?? 'openid email profile',
        label: provider?.label ?? '',
        domains: provider?.domains.join(', ') ?? '',
        create_users: provider?.create_users ?? 'none',
        agents_must_use: provider?.agents_must_use ?? false,
        active: provider?.active ?? true,
      }),
      [provider],
    ),
    validationSchema: schema,
    onSubmit: (values) => onSave(values),
  });
  const shownError = useMemo(() => serverError(error), [error]);
  useServerFieldErrors(formik, shownError);
  const discoveryError = useMemo(
    () => (discovery.error?.fields ? discovery.error : null),
    [discovery.error],
  );
  useServerFieldErrors(formik, discoveryError);
  const errorOf = (name: keyof ProviderValues) => {
    const e: unknown = formik.errors[name];
    return (formik.touched[name] ||
      formik.submitCount > 0 ||
      (name === 'issuer' && discoveryError !== null)) &&
      typeof e === 'string'
      ? e
      : undefined;
  };
  const general = generalError(error);
  const v = formik.values;

  const text = (name: TextName, type = 'text', hint?: string) => {
    const err = errorOf(name);
    const described = [hint ? id(`${name}-hint`) : '', err ? id(`${name}-error`) : '']
      .filter(Boolean)
      .join(' ');
    return (
      <div className="mb-3">
        <label className="form-label" htmlFor={id(name)}>
          {t(`form.${name}`)}
        </label>
        <input
          id={id(name)}
          name={name}
          type={type}
          autoComplete="off"
          className={`form-control${err ? ' is-invalid' : ''}`}
          value={v[name]}
          onChange={formik.handleChange}
          onBlur={formik.handleBlur}
          aria-invalid={err ? true : undefined}
          aria-describedby={described || undefined}
        />
        {hint && (
          <div id={id(`${name}-hint`)} className="form-text">
            {hint}
          </div>
        )}
        {err && (
          <div id={id(`${name}-error`)} className="invalid-feedback">
            {err}
          </div>
        )}
      </div>
    );
  };

  return (
    <form
      className="card card-body mb-4"
      noValidate
      aria-labelledby={id('title')}
      onSubmit={formik.handleSubmit}
    >
      <h2 className="h5" id={id('title')}>
        {provider ? t('form.editTitle', { label: provider.label }) : t('form.newTitle')}
      </h2>
      {general && (
        <div className="alert alert-danger" role="alert">
          {general}
        </div>
      )}
      {text('issuer', 'url', t('form.issuerHint'))}
      <div className="mb-3 d-flex flex-wrap align-items-center gap-2">
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          disabled={discovery.loading || !v.issuer.trim()}
          onClick={() => dispatch(ssoHolders.ssoDiscovery.actions.requested(v.issuer.trim()))}
        >
          {discovery.loading ? t('form.testing') : t('form.testDiscovery')}
        </button>
        <span role="status" className="small">
          {discovery.data && !discovery.loading
            ? t('form.discoveryOk', { issuer: discovery.data.issuer })
            : ''}
        </span>
      </div>
      {text('client_id')}
      {text('client_secret', 'password', provider ? t('form.secretKeep') : undefined)}
      {text('scopes', 'text', t('form.scopesHint'))}
      {text('label', 'text', t('form.labelHint'))}
      {text('domains', 'text', t('form.domainsHint'))}
      <div className="mb-3">
        <label className="form-label" htmlFor={id('create_users')}>
          {t('form.create_users')}
        </label>
        <select
          id={id('create_users')}
          name="create_users"
          className="form-select"
          value={v.create_users}
          onChange={formik.handleChange}
        >
          <option value="none">{t('createUsers.none')}</option>
          <option value="user">{t('createUsers.user')}</option>
          <option value="agent">{t('createUsers.agent')}</option>
        </select>
      </div>
      <div className="form-check mb-2">
        <input
          id={id('agents_must_use')}
          type="checkbox"
          name="agents_must_use"
          className="form-check-input"
          checked={v.agents_must_use}
          onChange={formik.handleChange}
        />
        <label className="form-check-label" htmlFor={id('agents_must_use')}>
          {t('form.agents_must_use')}
        </label>
      </div>
      <div className="form-check mb-3">
        <input
          id={id('active')}
          type="checkbox"
          name="active"
          className="form-check-input"
          checked={v.active}
          onChange={formik.handleChange}
        />
        <label className="form-check-label" htmlFor={id('active')}>
          {t('form.active')}
        </label>
      </div>
      <div className="d-flex gap-2">
        <SubmitButton loading={saving} label={t('form.save')} className="btn btn-primary" />
        <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
          {t('form.cancel')}
        </button>
      </div>
    </form>
  );
}
