import '../i18n';
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
import { LANGUAGES, isLanguage } from '../../../lib/i18n';
import { oneLineTest } from '../../../lib/one-line';
import { usePageTitle } from '../../../lib/page-title';
import type { User } from '../../../lib/types';
import { profileHolders } from '../profile-slice';

const { profileSave, passwordChange } = profileHolders;
const PAGE_SIZES: User['items_per_page'][] = [10, 25, 50, 100];
/** The picked page size (the form's validation allows only these). */
const pageSize = (picked: string, fallback: User['items_per_page']) =>
  PAGE_SIZES.find((size) => String(size) === picked) ?? fallback;

function ProfileForm({ user }: { user: User }) {
  const { t } = useTranslation('profile');
  const dispatch = useAppDispatch();
  const holder = useAppSelector((state) => state.holders.profileSave);
  const schema = useMemo(
    () =>
      yup.object({
        fullname: yup
          .string()
          .trim()
          .required(t('validation.fullnameRequired'))
          .test(oneLineTest(t('common:validation.oneLine'))),
        items_per_page: yup.number().oneOf(PAGE_SIZES).required(),
        language: yup.string().oneOf(['en', 'es']).required(),
      }),
    [t],
  );
  const formik = useFormik({
    initialValues: {
      fullname: user.fullname,
      items_per_page: String(user.items_per_page),
      language: user.language as string,
    },
    validationSchema: schema,
    onSubmit: (values) => {
      dispatch(
        profileSave.actions.requested({
          fullname: values.fullname.trim(),
          items_per_page: pageSize(values.items_per_page, user.items_per_page),
          language: isLanguage(values.language) ? values.language : 'en',
        }),
      );
    },
  });
  useServerFieldErrors(formik, holder.error);
  const message = generalError(holder.error);
  return (
    <section className="card mb-4" aria-labelledby="edit-profile-heading">
      <div className="card-body">
        <h2 id="edit-profile-heading" className="h5 mb-3">
          {t('editor.profileHeading')}
        </h2>
        {message && <Alert kind="danger">{message}</Alert>}
        <form noValidate onSubmit={formik.handleSubmit}>
          <FormField
            formik={formik}
            name="fullname"
            autoComplete="name"
            label={t('fields.fullname')}
            idPrefix="profile"
          />
          <FormField
            formik={formik}
            name="items_per_page"
            label={t('fields.itemsPerPage')}
            options={PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }))}
            idPrefix="profile"
          />
          <FormField
            formik={formik}
            name="language"
            label={t('fields.language')}
            options={LANGUAGES.map((lang) => ({ value: lang.code, label: lang.label }))}
            idPrefix="profile"
          />
          <SubmitButton
            loading={holder.loading}
            label={t('editor.save')}
            className="btn btn-primary"
          />
        </form>
      </div>
    </section>
  );
}

function PasswordForm() {
  const { t } = useTranslation('profile');
  const dispatch = useAppDispatch();
  const holder = useAppSelector((state) => state.holders.passwordChange);
  const schema = useMemo(
    () =>
      yup.object({
        current_password: yup.string().required(t('validation.currentRequired')),
        new_password: yup
          .string()
          .required(t('validation.newRequired'))
          .min(8, t('validation.passwordLength'))
          .max(128, t('validation.passwordLength')),
        confirm_password: yup
          .string()
          .required(t('validation.confirmRequired'))
          .oneOf([yup.ref('new_password')], t('validation.passwordsMatch')),
      }),
    [t],
  );
  const formik = useFormik({
    initialValues: { current_password: '', new_password: '', confirm_password: '' },
    validationSchema: schema,
    onSubmit: (values) => {
      dispatch(
        passwordChange.actions.requested({
          current_password: values.current_password,
          new_password: values.new_password,
        }),
      );
    },
  });
  useServerFieldErrors(formik, holder.error);
  const { resetForm } = formik;
  useEffect(() => {
    if (holder.data) resetForm();
  }, [holder.data, resetForm]);
  const message = generalError(holder.error);
  return (
    <section className="card" aria-labelledby="change-password-heading">
      <div className="card-body">
        <h2 id="change-password-heading" className="h5 mb-3">
          {t('editor.passwordHeading')}
        </h2>
        {message && <Alert kind="danger">{message}</Alert>}
        <form noValidate onSubmit={formik.handleSubmit}>
          <FormField
            formik={formik}
            name="current_password"
            type="password"
            autoComplete="current-password"
            label={t('fields.currentPassword')}
            idPrefix="password"
          />
          <FormField
            formik={formik}
            name="new_password"
            type="password"
            autoComplete="new-password"
            label={t('fields.newPassword')}
            idPrefix="password"
          />
          <FormField
            formik={formik}
            name="confirm_password"
            type="password"
            autoComplete="new-password"
            label={t('fields.confirmNewPassword')}
            idPrefix="password"
          />
          <SubmitButton
            loading={holder.loading}
            label={t('editor.changePassword')}
            className="btn btn-primary"
          />
        </form>
      </div>
    </section>
  );
}

export default function EditorPage() {
  const { t } = useTranslation('profile');
  usePageTitle(t('editor.title'), [
    { label: t('home.title'), path: '/home' },
    { label: t('profile.title'), path: '/profile' },
    { label: t('editor.title'), path: '/editor' },
  ]);
  const dispatch = useAppDispatch();
  const user = useAppSelector((state) => state.auth.user);
  useEffect(() => {
    dispatch(profileSave.actions.reset());
    dispatch(passwordChange.actions.reset());
  }, [dispatch]);
  if (!user) return null;
  return (
    <div className="row">
      <div className="col-lg-6">
        <ProfileForm user={user} />
      </div>
      <div className="col-lg-6">
        <PasswordForm />
      </div>
    </div>
  );
}
