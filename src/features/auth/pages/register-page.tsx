import '../i18n';
import { useEffect, useMemo } from 'react';
import { useFormik } from 'formik';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import * as yup from 'yup';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { oneLineTest } from '../../../lib/one-line';
import {
  Alert,
  FormField,
  SubmitButton,
  generalError,
  useServerFieldErrors,
} from '../../../lib/form-field';
import { usePageTitle } from '../../../lib/page-title';
import { authActions } from '../auth-slice';

export default function RegisterPage() {
  const { t } = useTranslation('auth');
  usePageTitle(t('register.heading'));
  const dispatch = useAppDispatch();
  const { loading, userSignUp, signupMessage, registerError } = useAppSelector(
    (state) => state.auth,
  );

  useEffect(() => {
    dispatch(authActions.reset());
  }, [dispatch]);

  const schema = useMemo(
    () =>
      yup.object({
        fullname: yup
          .string()
          .trim()
          .required(t('validation.fullnameRequired'))
          .test(oneLineTest(t('common:validation.oneLine'))),
        email: yup
          .string()
          .trim()
          .email(t('validation.emailInvalid'))
          .required(t('validation.emailRequired')),
        password: yup
          .string()
          .required(t('validation.passwordRequired'))
          .min(8, t('validation.passwordLength'))
          .max(128, t('validation.passwordLength')),
        confirm_password: yup
          .string()
          .required(t('validation.confirmRequired'))
          .oneOf([yup.ref('password')], t('validation.passwordsMatch')),
      }),
    [t],
  );

  const formik = useFormik({
    initialValues: { fullname: '', email: '', password: '', confirm_password: '' },
    validationSchema: schema,
    onSubmit: (values) => {
      dispatch(
        authActions.signup({
          fullname: values.fullname.trim(),
          email: values.email.trim(),
          password: values.password,
        }),
      );
    },
  });
  useServerFieldErrors(formik, registerError);
  const message = generalError(registerError);

  return (
    <>
      <h1 className="h3 mb-4">{t('register.heading')}</h1>
      {userSignUp ? (
        <>
          <Alert kind="success">{signupMessage}</Alert>
          <Link to="/auth/login">{t('common.logIn')}</Link>
        </>
      ) : (
        <>
          {message && <Alert kind="danger">{message}</Alert>}
          <form noValidate onSubmit={formik.handleSubmit}>
            <FormField
              formik={formik}
              name="fullname"
              autoComplete="name"
              label={t('fields.fullname')}
              idPrefix="register"
            />
            <FormField
              formik={formik}
              name="email"
              type="email"
              autoComplete="email"
              label={t('fields.email')}
              idPrefix="register"
            />
            <FormField
              formik={formik}
              name="password"
              type="password"
              autoComplete="new-password"
              label={t('fields.password')}
              idPrefix="register"
            />
            <FormField
              formik={formik}
              name="confirm_password"
              type="password"
              autoComplete="new-password"
              label={t('fields.confirmPassword')}
              idPrefix="register"
            />
            <SubmitButton loading={loading} label={t('register.submit')} />
          </form>
          <p className="mt-4 mb-0">
            {t('register.haveAccount')} <Link to="/auth/login">{t('common.logIn')}</Link>
          </p>
        </>
      )}
    </>
  );
}
