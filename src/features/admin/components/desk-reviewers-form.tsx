import '../i18n';
import { useFormik } from 'formik';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import { Alert, SubmitButton, generalError, useServerFieldErrors } from '../../../lib/form-field';
import type { ErrorInfo } from '../../../lib/types';
import type { AdminHelpdesk } from '../types';

interface Values {
  user_ids: string[];
}

type Person = { id: number; fullname: string };

/**
 * A content desk's reviewers (formik + yup): a checkbox per agent of the desk (its members when
 * restricted, else every agent); none chosen means any agent reviews (docs/knowledge-review.md).
 */
export function DeskReviewersForm({
  desk,
  agents,
  saving,
  error,
  onSave,
  onCancel,
}: {
  desk: AdminHelpdesk;
  agents: Person[];
  saving: boolean;
  error: ErrorInfo | null;
  onSave: (userIds: number[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  const formik = useFormik<Values>({
    initialValues: { user_ids: desk.reviewers.map((r) => String(r.id)) },
    validationSchema: yup.object({ user_ids: yup.array(yup.string().required()) }),
    onSubmit: (v) => onSave(v.user_ids.map(Number)),
  });
  useServerFieldErrors(formik, error);
  const message = generalError(error);
  const idsError = typeof formik.errors.user_ids === 'string' ? formik.errors.user_ids : undefined;
  const deskAgents = desk.restricted ? desk.members : agents;
  // Reviewers who are no longer among the desk's agents still show, so they can be removed.
  const choices = [
    ...deskAgents,
    ...desk.reviewers.filter((r) => !deskAgents.some((a) => a.id === r.id)),
  ];
  return (
    <form
      className="card card-body mb-3"
      aria-label={t('desks.reviewers.label', { name: desk.name })}
      onSubmit={formik.handleSubmit}
      noValidate
    >
      {message && <Alert kind="danger">{message}</Alert>}
      <fieldset
        className="mb-3"
        aria-invalid={idsError ? true : undefined}
        aria-describedby={`${id}-hint${idsError ? ` ${id}-error` : ''}`}
      >
        <legend className="form-label fs-6">{t('desks.reviewers.legend')}</legend>
        <p id={`${id}-hint`} className="form-text mt-0">
          {t('desks.reviewers.hint')}
        </p>
        {choices.length === 0 && (
          <p className="text-body-secondary">{t('desks.reviewers.noAgents')}</p>
        )}
        {choices.map((a) => (
          <div className="form-check" key={a.id}>
            <input
              id={`${id}-reviewer-${a.id}`}
              name="user_ids"
              type="checkbox"
              value={String(a.id)}
              className={`form-check-input${idsError ? ' is-invalid' : ''}`}
              checked={formik.values.user_ids.includes(String(a.id))}
              onChange={formik.handleChange}
            />
            <label htmlFor={`${id}-reviewer-${a.id}`} className="form-check-label">
              {a.fullname}
            </label>
          </div>
        ))}
        {idsError && (
          <div id={`${id}-error`} className="invalid-feedback d-block">
            {idsError}
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
