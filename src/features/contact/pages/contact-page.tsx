import '../i18n';
import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { usePageTitle } from '../../../lib/page-title';
import { Loading } from '../../records/components/states';
import { FieldControl } from '../../custom-fields/components/field-control';
import {
  canEdit,
  fieldsBody,
  fieldsFor,
  fieldsSchema,
  formName,
  formValuesOf,
} from '../../custom-fields/form-values';
import { contactHolders } from '../contact-slice';
import type { RootState } from '../../../app/root-reducer';
import { TicketSuggestions, suggestionText } from '../../suggestions/components/ticket-suggestions';

/** The ticket this form raised (for the suggestions' session). */
const raisedTicket = (state: RootState) => state.holders.contactTicket.data?.id;

type Field = 'subject' | 'message' | 'hd_id';

/** /contact: the help desks as cards and a form that raises a ticket. */
export default function ContactPage() {
  const { t } = useTranslation('contact');
  usePageTitle(t('title'), [
    { label: t('common:menu.home'), path: '/home' },
    { label: t('title'), path: '/contact' },
  ]);
  const dispatch = useAppDispatch();
  const desks = useAppSelector((state) => state.holders.contactDesks);
  const saving = useAppSelector((state) => state.holders.contactTicket);
  const fieldSet = useAppSelector((state) => state.holders.contactFields.data);
  const agent = useAppSelector((state) => state.auth.user?.user_is_hde ?? false);
  const [values, setValues] = useState({ subject: '', message: '', hd_id: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  // The custom fields' values (form strings by `cf_<key>`) and their own messages.
  const [custom, setCustom] = useState<Record<string, string>>({});
  const [customErrors, setCustomErrors] = useState<Record<string, string>>({});
  const shownFields = fieldsFor(
    fieldSet?.fields ?? [],
    values.hd_id ? Number(values.hd_id) : null,
    agent,
  );
  const customValues = { ...formValuesOf(fieldSet?.fields ?? [], null), ...custom };
  // A 409 here is a stale set of definitions: reload them, keep what was typed.
  const stale = saving.error?.status === 409;
  useEffect(() => {
    dispatch(contactHolders.contactDesks.actions.requested());
    dispatch(contactHolders.contactTicket.actions.reset());
  }, [dispatch]);
  useEffect(() => {
    if (stale) dispatch(contactHolders.contactDesks.actions.requested());
  }, [stale, dispatch]);
  const serverFields = saving.error?.fields ?? {};
  const shown: Partial<Record<Field, string>> = {
    subject: errors.subject ?? serverFields.subject,
    message: errors.message ?? serverFields.description,
    hd_id: errors.hd_id ?? serverFields.hd_id,
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Partial<Record<Field, string>> = {};
    if (!values.subject.trim()) next.subject = t('subjectRequired');
    else if (values.subject.trim().length > 200) next.subject = t('subjectTooLong');
    if (!values.message.trim()) next.message = t('messageRequired');
    setErrors(next);
    const rules = fieldsSchema(shownFields, t, { agent, raising: true, draft: false });
    const nextCustom: Record<string, string> = {};
    for (const [name, rule] of Object.entries(rules)) {
      try {
        rule.validateSync(customValues[name] ?? '');
      } catch (err) {
        nextCustom[name] = (err as Error).message;
      }
    }
    setCustomErrors(nextCustom);
    const first = Object.keys(next)[0] ?? Object.keys(nextCustom)[0];
    if (first) {
      document.getElementById(`contact-${first}`)?.focus();
      return;
    }
    dispatch(
      contactHolders.contactTicket.actions.requested({
        subject: values.subject,
        message: values.message,
        hd_id: values.hd_id ? Number(values.hd_id) : null,
        ...(fieldSet
          ? {
              fields: fieldsBody(shownFields, customValues, agent),
              fields_version: fieldSet.version,
            }
          : {}),
      }),
    );
  };

  const field = (name: Field) => ({
    id: `contact-${name}`,
    className: `${name === 'hd_id' ? 'form-select' : 'form-control'}${shown[name] ? ' is-invalid' : ''}`,
    value: values[name],
    'aria-invalid': shown[name] ? true : undefined,
    'aria-describedby': shown[name] ? `contact-${name}-error` : undefined,
    onChange: (event: { target: { value: string } }) => {
      const value = event.target.value;
      setValues((prev) => ({ ...prev, [name]: value }));
    },
  });
  const message = (name: Field) =>
    shown[name] ? (
      <div id={`contact-${name}-error`} className="invalid-feedback d-block">
        {shown[name]}
      </div>
    ) : null;

  return (
    <div>
      <section aria-labelledby="contact-desks-heading" className="mb-4">
        <h2 id="contact-desks-heading" className="h5">
          {t('desks')}
        </h2>
        {!desks.data ? (
          desks.error ? null : (
            <Loading />
          )
        ) : (
          <ul className="row g-3 list-unstyled">
            {desks.data.map((desk) => (
              <li key={desk.hd_id} className="col-sm-6 col-lg-4">
                <div className="card h-100">
                  <div className="card-body">
                    <h3 className="h6 card-title">{desk.hd_name}</h3>
                    {desk.description && <p className="card-text">{desk.description}</p>}
                    <dl className="mb-0 small">
                      {desk.email && (
                        <>
                          <dt>{t('email')}</dt>
                          <dd>
                            <a href={`mailto:${desk.email}`}>{desk.email}</a>
                          </dd>
                        </>
                      )}
                      {desk.phone && (
                        <>
                          <dt>{t('phone')}</dt>
                          <dd>
                            <a href={`tel:${desk.phone.replace(/\s+/g, '')}`}>{desk.phone}</a>
                          </dd>
                        </>
                      )}
                      {desk.hours && (
                        <>
                          <dt>{t('hours')}</dt>
                          <dd className="mb-0">{desk.hours}</dd>
                        </>
                      )}
                    </dl>
                  </div>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <form
        className="card card-body"
        aria-labelledby="contact-form-heading"
        onSubmit={submit}
        noValidate
      >
        <h2 id="contact-form-heading" className="h5">
          {t('formTitle')}
        </h2>
        <div className="mb-3">
          <label htmlFor="contact-subject" className="form-label">
            {t('subject')}
          </label>
          <input type="text" maxLength={200} {...field('subject')} />
          {message('subject')}
        </div>
        <TicketSuggestions
          text={suggestionText(values.subject, values.message)}
          raisedTicket={raisedTicket}
          idPrefix="contact"
        />
        <div className="mb-3">
          <label htmlFor="contact-message" className="form-label">
            {t('message')}
          </label>
          <textarea rows={5} {...field('message')} />
          {message('message')}
        </div>
        <div className="mb-3">
          <label htmlFor="contact-hd_id" className="form-label">
            {t('helpDesk')}
          </label>
          <select {...field('hd_id')}>
            <option value="">{t('defaultDesk')}</option>
            {(desks.data ?? []).map((desk) => (
              <option key={desk.hd_id} value={String(desk.hd_id)}>
                {desk.hd_name}
              </option>
            ))}
          </select>
          {message('hd_id')}
        </div>
        {stale && (
          <div className="alert alert-danger" role="alert">
            {t('fieldValues:stale')}
          </div>
        )}
        {shownFields.map((f) => {
          const name = formName(f.key);
          return (
            <FieldControl
              key={f.id}
              field={f}
              id={`contact-${name}`}
              value={customValues[name] ?? ''}
              disabled={!canEdit(f, agent)}
              error={customErrors[name] ?? serverFields[`fields.${f.key}`]}
              onChange={(v) => setCustom((prev) => ({ ...prev, [name]: v }))}
            />
          );
        })}
        <div>
          <button type="submit" className="btn btn-primary" disabled={saving.loading}>
            {t('send')}
          </button>
        </div>
      </form>
    </div>
  );
}
