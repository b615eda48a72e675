import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import {
  Alert,
  FormField,
  SubmitButton,
  generalError,
  useServerFieldErrors,
} from '../../../lib/form-field';
import { useSmallForm } from '../../../lib/small-form';
import { authActions } from '../auth-slice';

const SIX_DIGITS = /^\s*\d{3}\s?\d{3}\s*$/;

/** The sign-in's second step: a code from the authenticator app, or a recovery code. */
export function CodeStep() {
  const { t } = useTranslation('auth');
  const dispatch = useAppDispatch();
  const loading = useAppSelector((state) => state.auth.loading);
  const error = useAppSelector((state) => state.auth.twoStepError);
  const passkey = useAppSelector((state) => state.auth.twoStep?.passkey === true);
  const [recovery, setRecovery] = useState(false);

  const formik = useSmallForm({
    initialValues: { code: '', recovery_code: '' },
    // Written out, as the password step's rules: yup stays out of the login page's JavaScript.
    validate: (values) => {
      if (recovery) {
        return values.recovery_code.trim() ? {} : { recovery_code: t('twoStep.recoveryRequired') };
      }
      if (!values.code.trim()) return { code: t('twoStep.codeRequired') };
      return SIX_DIGITS.test(values.code) ? {} : { code: t('twoStep.sixDigits') };
    },
    onSubmit: (values) => {
      dispatch(
        authActions.loginCode(
          recovery
            ? { recovery_code: values.recovery_code.trim() }
            : { code: values.code.replace(/\s/g, '') },
        ),
      );
    },
  });
  useServerFieldErrors(formik, error);
  const message = generalError(error);

  const toggle = () => {
    setRecovery(!recovery);
    formik.resetForm();
  };

  return (
    <>
      <h1 className="h3 mb-1">{t('twoStep.heading')}</h1>
      <p className="text-body-secondary mb-4">
        {recovery ? t('twoStep.introRecovery') : t('twoStep.intro')}
      </p>
      {message && <Alert kind="danger">{message}</Alert>}
      <form noValidate onSubmit={formik.handleSubmit}>
        {recovery ? (
          <FormField
            formik={formik}
            name="recovery_code"
            autoComplete="off"
            label={t('twoStep.recoveryCode')}
            idPrefix="login"
          />
        ) : (
          <FormField
            formik={formik}
            name="code"
            autoComplete="one-time-code"
            inputMode="numeric"
            label={t('twoStep.code')}
            idPrefix="login"
          />
        )}
        <SubmitButton loading={loading} label={t('twoStep.submit')} />
      </form>
      {passkey && (
        <button
          type="button"
          className="btn btn-outline-primary w-100 mt-3"
          disabled={loading}
          onClick={() => dispatch(authActions.loginPasskeyStep())}
        >
          {t('twoStep.usePasskey')}
        </button>
      )}
      <div className="mt-4 d-flex flex-column gap-2 align-items-start">
        <button type="button" className="btn btn-link p-0" onClick={toggle}>
          {recovery ? t('twoStep.useCode') : t('twoStep.useRecovery')}
        </button>
        <button
          type="button"
          className="btn btn-link p-0"
          onClick={() => dispatch(authActions.cancelTwoStep())}
        >
          {t('twoStep.back')}
        </button>
      </div>
    </>
  );
}
