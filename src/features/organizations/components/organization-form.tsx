import { useEffect, useMemo } from 'react';
import { useFormik } from 'formik';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import {
  Alert,
  FormField,
  SubmitButton,
  generalError,
  useServerFieldErrors,
} from '../../../lib/form-field';
import type { ErrorInfo } from '../../../lib/types';
import { organizationsHolders } from '../organizations-slice';
import type { Organization, OrganizationWrite } from '../types';

const H = organizationsHolders;
const DOMAIN = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$/i;

interface Values {
  name: string;
  domains: string;
  notes: string;
  members_see_tickets: boolean;
}

/** The domains as typed: separated by commas or spaces. */
export const splitDomains = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((d) => d.trim())
    .filter(Boolean);

/** A server field message on `domains/0` belongs to the one domains input. */
function formErrors(error: ErrorInfo | null): ErrorInfo | null {
  if (!error?.fields) return error;
  const fields: Record<string, string> = {};
  for (const [key, message] of Object.entries(error.fields)) {
    fields[key.split(/[./]/)[0]] = message;
  }
  return { ...error, fields };
}

/** Creates (no `organization`) or edits an organization; a failed save keeps what was typed. */
export function OrganizationForm({
  organization,
  onCancel,
}: {
  organization: Organization | null;
  onCancel?: () => void;
}) {
  const { t } = useTranslation('organizations');
  const dispatch = useAppDispatch();
  const save = useAppSelector((state) => state.holders.saveOrganization);
  const schema = useMemo(
    () =>
      yup.object({
        name: yup.string().trim().required(t('errors.name')).max(100, t('errors.name')),
        domains: yup.string().test('domains', t('errors.domains'), (value) => {
          const list = splitDomains(value ?? '');
          return list.length <= 20 && list.every((d) => d.length <= 253 && DOMAIN.test(d));
        }),
        notes: yup.string().max(5000, t('errors.notes')),
      }),
    [t],
  );
  const formik = useFormik<Values>({
    initialValues: {
      name: organization?.name ?? '',
      domains: organization?.domains.join(', ') ?? '',
      notes: organization?.notes ?? '',
      members_see_tickets: organization?.members_see_tickets ?? false,
    },
    validationSchema: schema,
    onSubmit: (v) => {
      const values: OrganizationWrite = {
        name: v.name.trim(),
        domains: splitDomains(v.domains),
        notes: v.notes,
        members_see_tickets: v.members_see_tickets,
      };
      dispatch(H.saveOrganization.actions.requested({ id: organization?.id, values }));
    },
  });
  const serverError = useMemo(() => formErrors(save.error), [save.error]);
  useServerFieldErrors(formik, serverError);
  const message = generalError(save.error);
  const prefix = organization ? `org-${organization.id}` : 'org-new';
  useEffect(() => {
    if (!organization) document.getElementById(`${prefix}-name`)?.focus();
  }, [organization, prefix]);
  const notesError = formik.touched.notes ? formik.errors.notes : undefined;

  return (
    <form
      noValidate
      onSubmit={formik.handleSubmit}
      aria-label={organization ? t('form.edit', { name: organization.name }) : t('form.new')}
      className="mb-4"
    >
      {message && <Alert kind="danger">{message}</Alert>}
      <FormField formik={formik} name="name" label={t('fields.name')} idPrefix={prefix} />
      <FormField
        formik={formik}
        name="domains"
        label={t('fields.domains')}
        idPrefix={prefix}
        hint={t('hints.domains')}
      />
      <div className="mb-3">
        <label htmlFor={`${prefix}-notes`} className="form-label">
          {t('fields.notes')}
        </label>
        <textarea
          id={`${prefix}-notes`}
          name="notes"
          rows={3}
          className={`form-control${notesError ? ' is-invalid' : ''}`}
          value={formik.values.notes}
          onChange={formik.handleChange}
          onBlur={formik.handleBlur}
          aria-invalid={notesError ? true : undefined}
          aria-describedby={notesError ? `${prefix}-notes-error` : undefined}
        />
        {notesError && (
          <div id={`${prefix}-notes-error`} className="invalid-feedback">
            {notesError}
          </div>
        )}
      </div>
      <div className="form-check mb-3">
        <input
          id={`${prefix}-members_see_tickets`}
          name="members_see_tickets"
          type="checkbox"
          className="form-check-input"
          checked={formik.values.members_see_tickets}
          onChange={formik.handleChange}
          aria-describedby={`${prefix}-members_see_tickets-hint`}
        />
        <label className="form-check-label" htmlFor={`${prefix}-members_see_tickets`}>
          {t('fields.membersSeeTickets')}
        </label>
        <div id={`${prefix}-members_see_tickets-hint`} className="form-text">
          {t('hints.membersSeeTickets')}
        </div>
      </div>
      <div className="d-flex flex-wrap gap-2">
        <SubmitButton loading={save.loading} label={t('save')} className="btn btn-primary" />
        {onCancel && (
          <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
            {t('cancel')}
          </button>
        )}
      </div>
    </form>
  );
}
