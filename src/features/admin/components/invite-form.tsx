import '../i18n';
import { useFormik } from 'formik';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import { FormField, SubmitButton, useServerFieldErrors } from '../../../lib/form-field';
import { oneLineTest } from '../../../lib/one-line';
import type { ErrorInfo } from '../../../lib/types';
import type { Invitation } from '../types';

type Values = Required<Invitation>;

/** Invite someone: name, email, role and the language of their mail (formik + yup). */
export function InviteForm({
  language,
  saving,
  error,
  onInvite,
  onCancel,
}: {
  language: 'en' | 'es';
  saving: boolean;
  error: ErrorInfo | null;
  onInvite: (invitation: Invitation) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('admin');
  const formik = useFormik<Values>({
    initialValues: { fullname: '', email: '', role: 'agent', language },
    validationSchema: yup.object({
      fullname: yup
        .string()
        .trim()
        .required(t('users.form.fullnameRequired'))
        .max(100, t('users.form.fullnameRequired'))
        .test(oneLineTest(t('users.form.oneLine'))),
      email: yup.string().trim().required(t('users.form.email')).email(t('users.form.email')),
      role: yup.string().oneOf(['user', 'agent', 'admin']).required(),
      language: yup.string().oneOf(['en', 'es']).required(),
    }),
    onSubmit: (v) => onInvite({ ...v, fullname: v.fullname.trim(), email: v.email.trim() }),
  });
  useServerFieldErrors(formik, error);
  return (
    <form
      className="card card-body mb-3"
      aria-label={t('users.invite')}
      onSubmit={formik.handleSubmit}
      noValidate
    >
      <div className="row">
        <div className="col-md-6">
          <FormField
            formik={formik}
            name="fullname"
            label={t('users.form.fullname')}
            idPrefix="invite"
          />
        </div>
        <div className="col-md-6">
          <FormField
            formik={formik}
            name="email"
            type="email"
            label={t('users.form.emailLabel')}
            idPrefix="invite"
          />
        </div>
        <div className="col-md-6">
          <FormField
            formik={formik}
            name="role"
            label={t('users.form.role')}
            idPrefix="invite"
            options={(['user', 'agent', 'admin'] as const).map((r) => ({
              value: r,
              label: t(`users.roles.${r}`),
            }))}
          />
        </div>
        <div className="col-md-6">
          <FormField
            formik={formik}
            name="language"
            label={t('users.form.language')}
            idPrefix="invite"
            options={[
              { value: 'en', label: 'English' },
              { value: 'es', label: 'Español' },
            ]}
          />
        </div>
      </div>
      <div className="d-flex gap-2">
        <SubmitButton loading={saving} label={t('users.send')} className="btn btn-primary" />
        <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}
