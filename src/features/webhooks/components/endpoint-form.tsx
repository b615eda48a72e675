import '../i18n';
import { useFormik } from 'formik';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import { SubmitButton, generalError, useServerFieldErrors } from '../../../lib/form-field';
import { oneLineTest } from '../../../lib/one-line';
import type { ErrorInfo } from '../../../lib/types';
import {
  WEBHOOK_EVENTS,
  type WebhookBody,
  type WebhookEndpoint,
  type WebhookEvent,
} from '../types';

export interface EndpointValues {
  url: string;
  events: WebhookEvent[];
  active: boolean;
}

function parses(text: string): boolean {
  try {
    new URL(text);
    return true;
  } catch {
    return false;
  }
}

export function toBody(v: EndpointValues): WebhookBody {
  return { url: v.url.trim(), events: v.events, active: v.active };
}

/**
 * The server names an unknown event by its place (`events.0`): shown beside the events. Plain
 * http to a host the server allows is the server's to accept, so the form checks only the form.
 */
function serverError(error: ErrorInfo | null): ErrorInfo | null {
  if (!error?.fields) return error;
  const fields: Record<string, string> = {};
  for (const [key, message] of Object.entries(error.fields)) {
    fields[key.startsWith('events') ? 'events' : key] = message;
  }
  return { ...error, fields };
}

/** Register or edit an endpoint (formik + yup); the server's field messages show beside each. */
export function EndpointForm({
  endpoint,
  saving,
  error,
  onSave,
  onCancel,
}: {
  endpoint: WebhookEndpoint | null;
  saving: boolean;
  error: ErrorInfo | null;
  onSave: (values: EndpointValues) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('webhooks');
  const idBase = useId();
  const id = (name: string) => `${idBase}-${name}`;
  const schema = yup.object({
    url: yup
      .string()
      .trim()
      .required(t('form.urlRequired'))
      .max(2000, t('form.urlRequired'))
      .test(oneLineTest(t('common:validation.oneLine')))
      .test('url', t('form.urlRequired'), (value) => parses((value ?? '').trim()))
      .test('scheme', t('form.urlHttps'), (value) => /^https?:\/\//i.test((value ?? '').trim())),
    events: yup.array().min(1, t('form.eventsRequired')),
  });
  const formik = useFormik<EndpointValues>({
    initialValues: useMemo(
      () => ({
        url: endpoint?.url ?? '',
        events: endpoint?.events ?? ['ticket.created'],
        active: endpoint?.active ?? true,
      }),
      [endpoint],
    ),
    validationSchema: schema,
    onSubmit: (values) => onSave(values),
  });
  const shownError = useMemo(() => serverError(error), [error]);
  useServerFieldErrors(formik, shownError);
  const errorOf = (name: keyof EndpointValues) => {
    const e: unknown = formik.errors[name];
    return (formik.touched[name] || formik.submitCount > 0) && typeof e === 'string'
      ? e
      : undefined;
  };
  const general = generalError(error);
  const v = formik.values;
  const urlError = errorOf('url');
  const eventsError = errorOf('events');
  const toggleEvent = (event: WebhookEvent) =>
    void formik.setFieldValue(
      'events',
      v.events.includes(event) ? v.events.filter((e) => e !== event) : [...v.events, event],
    );

  return (
    <form
      className="card card-body mb-4"
      noValidate
      aria-labelledby={id('title')}
      onSubmit={formik.handleSubmit}
    >
      <h2 className="h5" id={id('title')}>
        {endpoint ? t('form.editTitle', { url: endpoint.url }) : t('form.newTitle')}
      </h2>
      {general && (
        <div className="alert alert-danger" role="alert">
          {general}
        </div>
      )}
      <div className="mb-3">
        <label className="form-label" htmlFor={id('url')}>
          {t('form.url')}
        </label>
        <input
          id={id('url')}
          name="url"
          type="url"
          inputMode="url"
          className={`form-control${urlError ? ' is-invalid' : ''}`}
          value={v.url}
          onChange={formik.handleChange}
          onBlur={formik.handleBlur}
          aria-invalid={urlError ? true : undefined}
          aria-describedby={urlError ? `${id('url-hint')} ${id('url-error')}` : id('url-hint')}
        />
        <div id={id('url-hint')} className="form-text">
          {t('form.urlHint')}
        </div>
        {urlError && (
          <div id={id('url-error')} className="invalid-feedback">
            {urlError}
          </div>
        )}
      </div>
      <fieldset className="mb-3" aria-describedby={eventsError ? id('events-error') : undefined}>
        <legend className="form-label fs-6">{t('form.events')}</legend>
        {WEBHOOK_EVENTS.map((event) => (
          <div className="form-check" key={event}>
            <input
              id={id(event)}
              type="checkbox"
              className={`form-check-input${eventsError ? ' is-invalid' : ''}`}
              checked={v.events.includes(event)}
              onChange={() => toggleEvent(event)}
            />
            <label className="form-check-label" htmlFor={id(event)}>
              {t(`events.${event}`)}
            </label>
          </div>
        ))}
        {eventsError && (
          <div id={id('events-error')} className="text-danger small mt-1">
            {eventsError}
          </div>
        )}
      </fieldset>
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
