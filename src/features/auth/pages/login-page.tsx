import '../i18n';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { FormField, SubmitButton } from '../../../lib/form-field';
import { useSmallForm } from '../../../lib/small-form';
import { usePageTitle } from '../../../lib/page-title';
import { authActions } from '../auth-slice';
import { CodeStep } from '../components/code-step';
import { SsoButtons, goToProvider, useDomainProvider } from '../../sso/login-sso';

export function fromState(state: unknown): string | undefined {
  if (state && typeof state === 'object' && 'from' in state) {
    const { from } = state as { from: unknown };
    return typeof from === 'string' ? from : undefined;
  }
  return undefined;
}

/** The browser's own rule for type="email" (WHATWG), as yup's email() checks it elsewhere. */
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

type LoginValues = { email: string; password: string };

/**
 * Two rules, written out: yup (about 11 KB gzipped) stays out of the login page's JavaScript.
 * `t` gives the messages.
 */
export function loginErrors(values: LoginValues, t: (key: string) => string) {
  const errors: Partial<Record<keyof LoginValues, string>> = {};
  const email = values.email.trim();
  if (!email) errors.email = t('validation.emailRequired');
  else if (!EMAIL.test(email)) errors.email = t('validation.emailInvalid');
  if (!values.password) errors.password = t('validation.passwordRequired');
  return errors;
}

export default function LoginPage() {
  const { t } = useTranslation('auth');
  usePageTitle(t('login.heading'));
  const dispatch = useAppDispatch();
  const loading = useAppSelector((state) => state.auth.loading);
  const twoStep = useAppSelector((state) => state.auth.twoStep);
  const location = useLocation();
  const from = fromState(location.state);
  const [params] = useSearchParams();

  useEffect(() => {
    dispatch(authActions.reset());
  }, [dispatch]);

  // An address of a domain that signs in with a provider goes there instead of the password.
  const formik = useSmallForm<LoginValues>({
    initialValues: { email: '', password: '' },
    validate: (values) => {
      const errors = loginErrors(values, t);
      if (sso) delete errors.password;
      return errors;
    },
    onSubmit: (values) => {
      if (sso) goToProvider(sso.id);
      else
        dispatch(
          authActions.login({ email: values.email.trim(), password: values.password, from }),
        );
    },
  });
  const sso = useDomainProvider(
    formik.values.email,
    Boolean(formik.touched.email) && EMAIL.test(formik.values.email.trim()),
    params.get('password') === '1',
  );

  if (twoStep) return <CodeStep />;
  return (
    <>
      <h1 className="h3 mb-1">{t('login.heading')}</h1>
      <p className="text-body-secondary mb-4">{t('login.intro')}</p>
      <form noValidate onSubmit={formik.handleSubmit}>
        <FormField
          formik={formik}
          name="email"
          type="email"
          autoComplete="username"
          label={t('fields.email')}
          idPrefix="login"
        />
        {sso ? (
          <p role="status">{t('sso:login.domainNotice', { label: sso.label })}</p>
        ) : (
          <FormField
            formik={formik}
            name="password"
            type="password"
            autoComplete="current-password"
            label={t('fields.password')}
            idPrefix="login"
          />
        )}
        <SubmitButton
          loading={loading}
          label={sso ? t('sso:login.continueWith', { label: sso.label }) : t('login.submit')}
        />
      </form>
      <button
        type="button"
        className="btn btn-outline-secondary w-100 mt-3"
        disabled={loading}
        onClick={() => dispatch(authActions.passkeyLogin({ from }))}
      >
        {t('login.passkey')}
      </button>
      <SsoButtons />
      <div className="mt-4 d-flex flex-column gap-2">
        <Link to="/auth/forget-password">{t('login.forgot')}</Link>
        <Link to="/auth/register">{t('login.register')}</Link>
      </div>
    </>
  );
}
