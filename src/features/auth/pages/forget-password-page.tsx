import '../i18n';
import { useEffect, useMemo } from 'react';
import { useFormik } from 'formik';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import * as yup from 'yup';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import {
  Alert,
  FormField,
  SubmitButton,
  generalError,
  useServerFieldErrors,
} from '../../../lib/form-field';
import { usePageTitle } from '../../../lib/page-title';
import { authActions } from '../auth-slice';

export default function ForgetPasswordPage() {
  const { t } = useTranslation('auth');
  usePageTitle(t('forgot.heading'));
  const dispatch = useAppDispatch();
  const { loading, resetPasswordSuccess, error } = useAppSelector((state) => state.auth);

  useEffect(() => {
    dispatch(authActions.reset());
  }, [dispatch]);

  const schema = useMemo(
    () =>
      yup.object({
        email: yup
          .string()
          .trim()
          .email(t('validation.emailInvalid'))
          .required(t('validation.emailRequired')),
      }),
    [t],
  );
  const formik = useFormik({
    initialValues: { email: '' },
    validationSchema: schema,
    onSubmit: (values) => {
      dispatch(authActions.forgotPassword({ email: values.email.trim() }));
    },
  });
  useServerFieldErrors(formik, error);
  const message = generalError(error);

  return (
    <>
      <h1 className="h3 mb-1">{t('forgot.heading')}</h1>
      <p className="text-body-secondary mb-4">{t('forgot.intro')}</p>
      {resetPasswordSuccess && <Alert kind="success">{resetPasswordSuccess}</Alert>}
      {message && <Alert kind="danger">{message}</Alert>}
      <form noValidate onSubmit={formik.handleSubmit}>
        <FormField
          formik={formik}
          name="email"
          type="email"
          autoComplete="email"
          label={t('fields.email')}
          idPrefix="forgot"
        />
        <SubmitButton loading={loading} label={t('forgot.submit')} />
      </form>
      <p className="mt-4 mb-0">
        <Link to="/auth/login">{t('common.backToLogin')}</Link>
      </p>
    </>
  );
}
