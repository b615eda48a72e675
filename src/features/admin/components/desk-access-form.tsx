import '../i18n';
import { useFormik } from 'formik';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import { SubmitButton, useServerFieldErrors } from '../../../lib/form-field';
import type { ErrorInfo } from '../../../lib/types';
import type { AdminHelpdesk, DeskAccess } from '../types';

interface Values {
  restricted: boolean;
  member_ids: string[];
}

/** A desk's access: open to every agent, or restricted to the members chosen (formik + yup). */
export function DeskAccessForm({
  desk,
  agents,
  saving,
  error,
  onSave,
  onCancel,
}: {
  desk: AdminHelpdesk;
  agents: { id: number; fullname: string }[];
  saving: boolean;
  error: ErrorInfo | null;
  onSave: (access: DeskAccess) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  const formik = useFormik<Values>({
    initialValues: {
      restricted: desk.restricted,
      member_ids: desk.members.map((m) => String(m.id)),
    },
    validationSchema: yup.object({
      restricted: yup.boolean().required(),
      member_ids: yup
        .array(yup.string().required())
        .when('restricted', ([restricted]: boolean[], s) =>
          restricted ? s.min(1, t('desks.form.noMembers')) : s,
        ),
    }),
    onSubmit: (v) => onSave({ restricted: v.restricted, member_ids: v.member_ids.map(Number) }),
  });
  useServerFieldErrors(formik, error);
  const membersError =
    formik.touched.member_ids && typeof formik.errors.member_ids === 'string'
      ? formik.errors.member_ids
      : undefined;
  // Members of a desk who are no longer listed as agents still show, so they can be removed.
  const choices = [...agents, ...desk.members.filter((m) => !agents.some((a) => a.id === m.id))];
  return (
    <form
      className="card card-body mb-3"
      aria-label={t('desks.form.label', { name: desk.name })}
      onSubmit={formik.handleSubmit}
      noValidate
    >
      <div className="form-check form-switch mb-3">
        <input
          id={`${id}-restricted`}
          name="restricted"
          type="checkbox"
          role="switch"
          className="form-check-input"
          checked={formik.values.restricted}
          onChange={formik.handleChange}
        />
        <label htmlFor={`${id}-restricted`} className="form-check-label">
          {t('desks.form.restricted')}
        </label>
        <div className="form-text">{t('desks.form.restrictedHint')}</div>
      </div>
      <fieldset
        className="mb-3"
        aria-invalid={membersError ? true : undefined}
        aria-describedby={membersError ? `${id}-members-error` : undefined}
      >
        <legend className="form-label fs-6">{t('desks.form.members')}</legend>
        {choices.length === 0 && <p className="text-body-secondary">{t('desks.form.noAgents')}</p>}
        {choices.map((a) => (
          <div className="form-check" key={a.id}>
            <input
              id={`${id}-member-${a.id}`}
              name="member_ids"
              type="checkbox"
              value={String(a.id)}
              className={`form-check-input${membersError ? ' is-invalid' : ''}`}
              checked={formik.values.member_ids.includes(String(a.id))}
              onChange={(e) => {
                void formik.setFieldTouched('member_ids', true, false);
                formik.handleChange(e);
              }}
            />
            <label htmlFor={`${id}-member-${a.id}`} className="form-check-label">
              {a.fullname}
            </label>
          </div>
        ))}
        {membersError && (
          <div id={`${id}-members-error`} className="invalid-feedback d-block">
            {membersError}
          </div>
        )}
      </fieldset>
      <div className="d-flex gap-2">
        <SubmitButton loading={saving} label={t('save')} className="btn btn-primary" />
        <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}
