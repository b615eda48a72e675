import '../i18n';
import { useEffect, useMemo, useState } from 'react';
import { useFormik } from 'formik';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { useConfirm } from '../../../lib/confirm-dialog';
import {
  Alert,
  FormField,
  SubmitButton,
  generalError,
  useServerFieldErrors,
} from '../../../lib/form-field';
import { ErrorState, Loading } from '../../records/components/states';
import { profileHolders } from '../profile-slice';

const H = profileHolders;
const SIX_DIGITS = /^\s*\d{3}\s?\d{3}\s*$/;

/** The first code, or a code for regenerating: six digits. */
function CodeForm({
  idPrefix,
  submitLabel,
  holder,
  onCode,
  allowRecovery = false,
}: {
  idPrefix: string;
  submitLabel: string;
  holder: 'twoStepConfirm' | 'recoveryCodes';
  onCode: (code: string) => void;
  allowRecovery?: boolean;
}) {
  const { t } = useTranslation('profile');
  const state = useAppSelector((s) => s.holders[holder]);
  const schema = useMemo(
    () =>
      yup.object({
        code: allowRecovery
          ? yup.string().trim().required(t('twoStep.validation.codeRequired'))
          : yup
              .string()
              .required(t('twoStep.validation.codeRequired'))
              .matches(SIX_DIGITS, t('twoStep.validation.sixDigits')),
      }),
    [t, allowRecovery],
  );
  const formik = useFormik({
    initialValues: { code: '' },
    validationSchema: schema,
    onSubmit: (values) => onCode(values.code.trim()),
  });
  useServerFieldErrors(formik, state.error);
  const message = generalError(state.error);
  return (
    <form noValidate onSubmit={formik.handleSubmit}>
      {message && <Alert kind="danger">{message}</Alert>}
      <FormField
        formik={formik}
        name="code"
        label={allowRecovery ? t('twoStep.fields.codeOrRecovery') : t('twoStep.fields.code')}
        autoComplete="one-time-code"
        inputMode={allowRecovery ? 'text' : 'numeric'}
        idPrefix={idPrefix}
      />
      <SubmitButton loading={state.loading} label={submitLabel} className="btn btn-primary" />
    </form>
  );
}

/** Ten recovery codes, shown once: copy or download them. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation('profile');
  const [copied, setCopied] = useState(false);
  const asText = `${codes.join('\n')}\n`;
  const copy = () => {
    void navigator.clipboard?.writeText(asText).then(() => setCopied(true));
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([asText], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'helpdesk-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div>
      <h3 className="h6">{t('twoStep.codes.heading')}</h3>
      <p>{t('twoStep.codes.intro')}</p>
      <ol
        className="font-monospace row row-cols-2 list-unstyled g-1 mb-3"
        aria-label={t('twoStep.codes.heading')}
      >
        {codes.map((code) => (
          <li key={code} className="col">
            {code}
          </li>
        ))}
      </ol>
      <div className="d-flex flex-wrap gap-2">
        <button type="button" className="btn btn-outline-secondary" onClick={copy}>
          {copied ? t('twoStep.codes.copied') : t('twoStep.codes.copy')}
        </button>
        <button type="button" className="btn btn-outline-secondary" onClick={download}>
          {t('twoStep.codes.download')}
        </button>
        <button type="button" className="btn btn-primary" onClick={onDone}>
          {t('twoStep.codes.done')}
        </button>
      </div>
    </div>
  );
}

/**
 * Setting up: a QR code and the secret as text for the authenticator app, then the first code.
 * `autoStart`: ask for a secret at once (the required setup after sign-in).
 */
export function TwoStepSetup({ autoStart = false }: { autoStart?: boolean }) {
  const { t } = useTranslation('profile');
  const dispatch = useAppDispatch();
  const setup = useAppSelector((s) => s.holders.twoStepSetup);
  useEffect(() => {
    if (autoStart) dispatch(H.twoStepSetup.actions.requested());
  }, [autoStart, dispatch]);

  if (!setup.data) {
    if (setup.loading) return <Loading />;
    return (
      <>
        {setup.error && generalError(setup.error) && (
          <Alert kind="danger">{generalError(setup.error)}</Alert>
        )}
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => dispatch(H.twoStepSetup.actions.requested())}
        >
          {t('twoStep.start')}
        </button>
      </>
    );
  }
  const { qr_svg: svg, secret } = setup.data;
  return (
    <div>
      <ol className="ps-3">
        <li className="mb-3">
          <p className="mb-2">{t('twoStep.scan')}</p>
          <img
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
            alt={t('twoStep.qrAlt')}
            width={200}
            height={200}
            className="border rounded bg-white"
          />
        </li>
        <li className="mb-3">
          <p className="mb-1">{t('twoStep.orEnter')}</p>
          <code className="fs-6 user-select-all" data-testid="two-step-secret">
            {secret.replace(/(.{4})/g, '$1 ').trim()}
          </code>
        </li>
        <li>
          <p className="mb-2">{t('twoStep.enterFirst')}</p>
          <CodeForm
            idPrefix="two-step-confirm"
            holder="twoStepConfirm"
            submitLabel={t('twoStep.confirm')}
            onCode={(code) => dispatch(H.twoStepConfirm.actions.requested({ code }))}
          />
        </li>
      </ol>
    </div>
  );
}

function TurnOffForm() {
  const { t } = useTranslation('profile');
  const dispatch = useAppDispatch();
  const state = useAppSelector((s) => s.holders.twoStepDisable);
  const { ask, dialog } = useConfirm();
  const schema = useMemo(
    () =>
      yup.object({
        password: yup.string().required(t('validation.currentRequired')),
        code: yup.string().trim().required(t('twoStep.validation.codeRequired')),
      }),
    [t],
  );
  const formik = useFormik({
    initialValues: { password: '', code: '' },
    validationSchema: schema,
    onSubmit: (values) =>
      ask({
        title: t('twoStep.off.confirmTitle'),
        text: t('twoStep.off.confirmText'),
        confirmLabel: t('twoStep.off.submit'),
        cancelLabel: t('common:confirm.cancel'),
        danger: true,
        onConfirm: () =>
          dispatch(
            H.twoStepDisable.actions.requested({
              password: values.password,
              code: values.code.trim(),
            }),
          ),
      }),
  });
  useServerFieldErrors(formik, state.error);
  const message = generalError(state.error);
  return (
    <form noValidate onSubmit={formik.handleSubmit}>
      {message && <Alert kind="danger">{message}</Alert>}
      <FormField
        formik={formik}
        name="password"
        type="password"
        autoComplete="current-password"
        label={t('fields.currentPassword')}
        idPrefix="two-step-off"
      />
      <FormField
        formik={formik}
        name="code"
        autoComplete="one-time-code"
        label={t('twoStep.fields.codeOrRecovery')}
        idPrefix="two-step-off"
      />
      <SubmitButton
        loading={state.loading}
        label={t('twoStep.off.submit')}
        className="btn btn-outline-danger"
      />
      {dialog}
    </form>
  );
}

/** The profile's "Two-step sign-in" section. */
export function TwoStepSection() {
  const { t } = useTranslation('profile');
  const dispatch = useAppDispatch();
  const status = useAppSelector((s) => s.holders.twoStepStatus);
  const confirmed = useAppSelector((s) => s.holders.twoStepConfirm.data);
  const regenerated = useAppSelector((s) => s.holders.recoveryCodes.data);
  const [regenerating, setRegenerating] = useState(false);

  useEffect(() => {
    dispatch(H.twoStepStatus.actions.requested());
    return () => {
      for (const holder of [H.twoStepSetup, H.twoStepConfirm, H.recoveryCodes, H.twoStepDisable])
        dispatch(holder.actions.reset());
    };
  }, [dispatch]);

  const fresh = regenerated ?? confirmed;
  let body;
  if (fresh) {
    body = (
      <RecoveryCodes
        codes={fresh.recovery_codes}
        onDone={() => {
          dispatch(H.twoStepConfirm.actions.reset());
          dispatch(H.recoveryCodes.actions.reset());
          setRegenerating(false);
        }}
      />
    );
  } else if (!status.data) {
    body = status.error ? (
      <ErrorState
        message={t('twoStep.loadFailed')}
        onRetry={() => dispatch(H.twoStepStatus.actions.requested())}
      />
    ) : (
      <Loading />
    );
  } else if (!status.data.enabled) {
    body = (
      <>
        <p>{t('twoStep.offIntro')}</p>
        <TwoStepSetup />
      </>
    );
  } else {
    body = (
      <>
        <p>
          <span className="badge text-bg-success me-2">{t('twoStep.on')}</span>
          {t('twoStep.codesLeft', { count: status.data.recovery_codes_left })}
        </p>
        <h3 className="h6 mt-4">{t('twoStep.regenerate.heading')}</h3>
        {regenerating ? (
          <CodeForm
            idPrefix="two-step-codes"
            holder="recoveryCodes"
            allowRecovery
            submitLabel={t('twoStep.regenerate.submit')}
            onCode={(code) => dispatch(H.recoveryCodes.actions.requested({ code }))}
          />
        ) : (
          <button
            type="button"
            className="btn btn-outline-secondary"
            onClick={() => setRegenerating(true)}
          >
            {t('twoStep.regenerate.open')}
          </button>
        )}
        <h3 className="h6 mt-4">{t('twoStep.off.heading')}</h3>
        {status.data.required ? <p>{t('twoStep.required')}</p> : <TurnOffForm />}
      </>
    );
  }
  return (
    <section className="card mt-4" aria-labelledby="two-step-heading">
      <div className="card-body">
        <h2 id="two-step-heading" className="h5 mb-3">
          {t('twoStep.heading')}
        </h2>
        {body}
      </div>
    </section>
  );
}
