import '../i18n';
import { useEffect, useMemo } from 'react';
import { useFormik } from 'formik';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
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
import { authHolders } from '../auth-slice';

const { resetPassword } = authHolders;

export default function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  usePageTitle(t('reset.heading'));
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const holder = useAppSelector((state) => state.holders.resetPassword);

  useEffect(() => {
    dispatch(resetPassword.actions.reset());
  }, [dispatch]);

  const schema = useMemo(
    () =>
      yup.object({
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
    initialValues: { password: '', confirm_password: '' },
    validationSchema: schema,
    onSubmit: (values) => {
      dispatch(resetPassword.actions.requested({ token, password: values.password }));
    },
  });
  useServerFieldErrors(formik, holder.error);
  const message = token ? generalError(holder.error) : t('reset.missingToken');

  return (
    <>
      <h1 className="h3 mb-4">{t('reset.heading')}</h1>
      {holder.data ? (
        <>
          <Alert kind="success">{holder.data.message}</Alert>
          <Link to="/auth/login">{t('common.logIn')}</Link>
        </>
      ) : (
        <>
          {message && <Alert kind="danger">{message}</Alert>}
          <form noValidate onSubmit={formik.handleSubmit}>
            <FormField
              formik={formik}
              name="password"
              type="password"
              autoComplete="new-password"
              label={t('fields.newPassword')}
              idPrefix="reset"
            />
            <FormField
              formik={formik}
              name="confirm_password"
              type="password"
              autoComplete="new-password"
              label={t('fields.confirmNewPassword')}
              idPrefix="reset"
            />
            <SubmitButton loading={holder.loading} label={t('reset.submit')} />
          </form>
          <p className="mt-4 mb-0">
            <Link to="/auth/login">{t('common.backToLogin')}</Link>
          </p>
        </>
      )}
    </>
  );
}
