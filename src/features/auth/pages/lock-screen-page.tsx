import '../i18n';
import { useEffect, useMemo } from 'react';
import { useFormik } from 'formik';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router-dom';
import * as yup from 'yup';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { FormField, SubmitButton } from '../../../lib/form-field';
import { usePageTitle } from '../../../lib/page-title';
import { LOCK_FROM_KEY } from '../../../lib/storage';
import { authActions } from '../auth-slice';
import { CodeStep } from '../components/code-step';
import { fromState } from './login-page';

/** Shown after the idle period: the user's name, their password, back to where they were. */
export default function LockScreenPage() {
  const { t } = useTranslation('auth');
  usePageTitle(t('lock.heading'));
  const dispatch = useAppDispatch();
  const { user, loading, twoStep } = useAppSelector((state) => state.auth);
  const location = useLocation();
  const from = fromState(location.state) ?? sessionStorage.getItem(LOCK_FROM_KEY) ?? '/home';

  useEffect(() => {
    dispatch(authActions.reset());
  }, [dispatch]);

  const schema = useMemo(
    () => yup.object({ password: yup.string().required(t('validation.passwordRequired')) }),
    [t],
  );
  const formik = useFormik({
    initialValues: { password: '' },
    validationSchema: schema,
    onSubmit: (values) => {
      if (user) dispatch(authActions.login({ email: user.email, password: values.password, from }));
    },
  });

  if (!user) return <Navigate to="/auth/login" replace />;
  if (twoStep) return <CodeStep />;

  return (
    <>
      <h1 className="h3 mb-1">{t('lock.heading')}</h1>
      <p className="mb-4">
        <span className="d-block fs-5 fw-semibold">{user.fullname}</span>
        <span className="text-body-secondary">{t('lock.intro')}</span>
      </p>
      <form noValidate onSubmit={formik.handleSubmit}>
        <input type="hidden" name="username" autoComplete="username" value={user.email} />
        <FormField
          formik={formik}
          name="password"
          type="password"
          autoComplete="current-password"
          label={t('fields.password')}
          idPrefix="lock"
        />
        <SubmitButton loading={loading} label={t('lock.submit')} />
      </form>
      <p className="mt-4 mb-0">
        <Link to="/auth/logout">{t('lock.notYou')}</Link>
      </p>
    </>
  );
}
