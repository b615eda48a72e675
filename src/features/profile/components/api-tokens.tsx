import '../i18n';
import { useEffect, useId, useMemo, useState } from 'react';
import { useFormik } from 'formik';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { useConfirm } from '../../../lib/confirm-dialog';
import { formatDateTimeLocal } from '../../../lib/dates';
import {
  Alert,
  FormField,
  SubmitButton,
  generalError,
  useServerFieldErrors,
} from '../../../lib/form-field';
import { HolderView } from '../../records/components/states';
import type { ApiToken, NewApiToken } from '../api';
import { profileHolders } from '../profile-slice';

const H = profileHolders;
const SCOPES = ['tickets:read', 'tickets:write', 'content:read', 'content:write', 'admin'] as const;
type Scope = (typeof SCOPES)[number];
const MAX_DAYS = 365;
/** A scope's label (its key without the colon, which i18next reads as a namespace). */
const scopeKey = (scope: Scope) => `tokens.scopes.${scope.replace(':', '_')}` as const;

/** The new token's secret, shown once, with a copy button and a warning. */
function TokenSecret({ secret, onDone }: { secret: string; onDone: () => void }) {
  const { t } = useTranslation('profile');
  const id = useId();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      // No clipboard (an insecure page, a refusal): the text stays selectable.
      setCopied(false);
    }
  };
  return (
    <div className="card card-body border-warning mb-3">
      <h3 className="h6">{t('tokens.secret.heading')}</h3>
      <p className="mb-2">{t('tokens.secret.warning')}</p>
      <label className="form-label" htmlFor={`${id}-secret`}>
        {t('tokens.secret.label')}
      </label>
      <div className="input-group mb-2">
        <input
          id={`${id}-secret`}
          className="form-control font-monospace"
          readOnly
          value={secret}
          onFocus={(e) => e.currentTarget.select()}
        />
        <button type="button" className="btn btn-outline-secondary" onClick={() => void copy()}>
          {copied ? t('tokens.secret.copied') : t('tokens.secret.copy')}
        </button>
      </div>
      <span className="visually-hidden" role="status">
        {copied ? t('tokens.secret.copied') : ''}
      </span>
      <div>
        <button type="button" className="btn btn-sm btn-primary" onClick={onDone}>
          {t('tokens.secret.done')}
        </button>
      </div>
    </div>
  );
}

interface FormValues {
  name: string;
  scopes: Scope[];
  expires_in_days: string;
}

function NewTokenForm({ onCancel }: { onCancel: () => void }) {
  const { t } = useTranslation('profile');
  const dispatch = useAppDispatch();
  const state = useAppSelector((s) => s.holders.apiTokenMake);
  const schema = useMemo(
    () =>
      yup.object({
        name: yup
          .string()
          .trim()
          .required(t('tokens.validation.name'))
          .max(100, t('tokens.validation.name')),
        scopes: yup.array().of(yup.string()).min(1, t('tokens.validation.scopes')),
        expires_in_days: yup
          .number()
          .typeError(t('tokens.validation.expiry'))
          .integer(t('tokens.validation.expiry'))
          .min(1, t('tokens.validation.expiry'))
          .max(MAX_DAYS, t('tokens.validation.expiry'))
          .required(t('tokens.validation.expiry')),
      }),
    [t],
  );
  const formik = useFormik<FormValues>({
    initialValues: { name: '', scopes: [], expires_in_days: '90' },
    validationSchema: schema,
    onSubmit: (values) => {
      const body: NewApiToken = {
        name: values.name.trim(),
        scopes: values.scopes,
        expires_in_days: Number(values.expires_in_days),
      };
      dispatch(H.apiTokenMake.actions.requested(body));
    },
  });
  useServerFieldErrors(formik, state.error);
  const message = generalError(state.error);
  const scopesError =
    formik.submitCount > 0 && typeof formik.errors.scopes === 'string'
      ? formik.errors.scopes
      : undefined;
  const toggle = (scope: Scope, on: boolean) =>
    void formik.setFieldValue(
      'scopes',
      on ? [...formik.values.scopes, scope] : formik.values.scopes.filter((s) => s !== scope),
    );
  return (
    <form noValidate onSubmit={formik.handleSubmit} className="mb-3">
      {message && <Alert kind="danger">{message}</Alert>}
      <FormField formik={formik} name="name" label={t('tokens.fields.name')} idPrefix="token" />
      <fieldset className="mb-3" aria-describedby={scopesError ? 'token-scopes-error' : undefined}>
        <legend className="form-label fs-6">{t('tokens.fields.scopes')}</legend>
        {SCOPES.map((scope) => (
          <div className="form-check" key={scope}>
            <input
              className={`form-check-input${scopesError ? ' is-invalid' : ''}`}
              type="checkbox"
              id={`token-scope-${scope}`}
              checked={formik.values.scopes.includes(scope)}
              onChange={(e) => toggle(scope, e.currentTarget.checked)}
            />
            <label className="form-check-label" htmlFor={`token-scope-${scope}`}>
              {t(scopeKey(scope))}
            </label>
          </div>
        ))}
        {scopesError && (
          <div id="token-scopes-error" className="invalid-feedback d-block">
            {scopesError}
          </div>
        )}
      </fieldset>
      <FormField
        formik={formik}
        name="expires_in_days"
        label={t('tokens.fields.expiry')}
        type="number"
        inputMode="numeric"
        idPrefix="token"
        hint={t('tokens.fields.expiryHint')}
      />
      <div className="d-flex gap-2">
        <SubmitButton
          loading={state.loading}
          label={t('tokens.create')}
          className="btn btn-primary"
        />
        <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
          {t('common:confirm.cancel')}
        </button>
      </div>
    </form>
  );
}

/** The profile's "API tokens": list, make (the secret shown once), revoke. */
export function ApiTokensSection() {
  const { t } = useTranslation('profile');
  const dispatch = useAppDispatch();
  const list = useAppSelector((s) => s.holders.apiTokens);
  const made = useAppSelector((s) => s.holders.apiTokenMake.data);
  const revoking = useAppSelector((s) => s.holders.apiTokenRevoke.loading);
  const [creating, setCreating] = useState(false);
  const { ask, dialog } = useConfirm();

  useEffect(() => {
    dispatch(H.apiTokens.actions.requested());
    return () => {
      dispatch(H.apiTokenMake.actions.reset());
    };
  }, [dispatch]);
  // Expired or not, as of when the page was opened.
  const [now] = useState(Date.now);

  const revoke = (token: ApiToken) =>
    ask({
      title: t('tokens.confirm.title'),
      text: t('tokens.confirm.text', { name: token.name }),
      confirmLabel: t('tokens.revoke'),
      cancelLabel: t('common:confirm.cancel'),
      danger: true,
      onConfirm: () => dispatch(H.apiTokenRevoke.actions.requested({ id: token.id })),
    });

  const body = (
    <HolderView
      holder={list}
      loadError={t('tokens.loadFailed')}
      onRetry={() => dispatch(H.apiTokens.actions.requested())}
      empty={t('tokens.empty')}
    >
      {(items) => (
        <ul className="list-group" aria-label={t('tokens.heading')}>
          {items.map((token) => (
            <li
              key={token.id}
              className="list-group-item d-flex flex-wrap align-items-center justify-content-between gap-2"
            >
              <div>
                <div className="fw-semibold">{token.name}</div>
                <div className="small">
                  {token.scopes.map((scope) => t(scopeKey(scope))).join(', ')}
                </div>
                <div className="small text-body-secondary">
                  {t(Date.parse(token.expires) <= now ? 'tokens.expired' : 'tokens.expires', {
                    date: formatDateTimeLocal(token.expires),
                  })}
                  {' · '}
                  {token.last_used
                    ? t('tokens.lastUsed', {
                        date: formatDateTimeLocal(token.last_used),
                        ip: token.last_ip ?? '—',
                      })
                    : t('tokens.neverUsed')}
                </div>
              </div>
              <button
                type="button"
                className="btn btn-sm btn-outline-danger"
                disabled={revoking}
                onClick={() => revoke(token)}
                aria-label={t('tokens.revokeLabel', { name: token.name })}
              >
                {t('tokens.revoke')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </HolderView>
  );
  return (
    <section className="card mt-4" aria-labelledby="tokens-heading">
      <div className="card-body">
        <h2 id="tokens-heading" className="h5 mb-2">
          {t('tokens.heading')}
        </h2>
        <p className="text-body-secondary">{t('tokens.intro')}</p>
        {made && (
          <TokenSecret
            secret={made.secret}
            onDone={() => {
              dispatch(H.apiTokenMake.actions.reset());
              setCreating(false);
            }}
          />
        )}
        {creating && !made ? (
          <NewTokenForm onCancel={() => setCreating(false)} />
        ) : (
          !made && (
            <button
              type="button"
              className="btn btn-outline-primary mb-3"
              onClick={() => {
                dispatch(H.apiTokenMake.actions.reset());
                setCreating(true);
              }}
            >
              {t('tokens.new')}
            </button>
          )
        )}
        {body}
        {dialog}
      </div>
    </section>
  );
}
