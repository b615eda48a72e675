import '../i18n';
import { useEffect, useMemo, useState } from 'react';
import { useFormik } from 'formik';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { useConfirm } from '../../../lib/confirm-dialog';
import { formatDateTimeLocal } from '../../../lib/dates';
import {
  Alert,
  FormField,
  SubmitButton,
  generalError,
  useServerFieldErrors,
} from '../../../lib/form-field';
import { HolderView } from '../../records/components/states';
import type { Passkey } from '../api';
import { profileHolders } from '../profile-slice';

const H = profileHolders;

/** The name, then the browser asks for the passkey (the saga runs the ceremony). */
function NewPasskeyForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('profile');
  const dispatch = useAppDispatch();
  const state = useAppSelector((s) => s.holders.passkeyAdd);
  const schema = useMemo(
    () =>
      yup.object({
        name: yup
          .string()
          .trim()
          .required(t('passkeys.validation.name'))
          .max(100, t('passkeys.validation.name')),
      }),
    [t],
  );
  const formik = useFormik({
    initialValues: { name: '' },
    validationSchema: schema,
    onSubmit: (values) => {
      dispatch(H.passkeyAdd.actions.requested({ name: values.name.trim() }));
    },
  });
  useServerFieldErrors(formik, state.error);
  const message = generalError(state.error);
  // Added: the form closes (the list shows the new passkey).
  useEffect(() => {
    if (state.data) onDone();
  }, [state.data, onDone]);
  return (
    <form noValidate onSubmit={formik.handleSubmit} className="mb-3">
      {message && <Alert kind="danger">{message}</Alert>}
      <FormField
        formik={formik}
        name="name"
        label={t('passkeys.fields.name')}
        idPrefix="passkey"
        hint={t('passkeys.fields.nameHint')}
      />
      <div className="d-flex gap-2">
        <SubmitButton
          loading={state.loading}
          label={t('passkeys.create')}
          className="btn btn-primary"
        />
        <button type="button" className="btn btn-outline-secondary" onClick={onDone}>
          {t('common:confirm.cancel')}
        </button>
      </div>
    </form>
  );
}

/** The profile's "Passkeys": list (name, created, last used), add, remove. */
export function PasskeysSection() {
  const { t } = useTranslation('profile');
  const dispatch = useAppDispatch();
  const list = useAppSelector((s) => s.holders.passkeys);
  const removing = useAppSelector((s) => s.holders.passkeyRemove.loading);
  const [adding, setAdding] = useState(false);
  const { ask, dialog } = useConfirm();

  useEffect(() => {
    dispatch(H.passkeys.actions.requested());
    return () => {
      dispatch(H.passkeyAdd.actions.reset());
    };
  }, [dispatch]);

  const remove = (passkey: Passkey) =>
    ask({
      title: t('passkeys.confirm.title'),
      text: t('passkeys.confirm.text', { name: passkey.name }),
      confirmLabel: t('passkeys.remove'),
      cancelLabel: t('common:confirm.cancel'),
      danger: true,
      onConfirm: () => dispatch(H.passkeyRemove.actions.requested({ id: passkey.id })),
    });

  return (
    <section className="card mt-4" aria-labelledby="passkeys-heading">
      <div className="card-body">
        <h2 id="passkeys-heading" className="h5 mb-2">
          {t('passkeys.heading')}
        </h2>
        <p className="text-body-secondary">{t('passkeys.intro')}</p>
        {adding ? (
          <NewPasskeyForm onDone={() => setAdding(false)} />
        ) : (
          <button
            type="button"
            className="btn btn-outline-primary mb-3"
            onClick={() => {
              dispatch(H.passkeyAdd.actions.reset());
              setAdding(true);
            }}
          >
            {t('passkeys.new')}
          </button>
        )}
        <HolderView
          holder={list}
          loadError={t('passkeys.loadFailed')}
          onRetry={() => dispatch(H.passkeys.actions.requested())}
          empty={t('passkeys.empty')}
        >
          {(items) => (
            <ul className="list-group" aria-label={t('passkeys.heading')}>
              {items.map((passkey) => (
                <li
                  key={passkey.id}
                  className="list-group-item d-flex flex-wrap align-items-center justify-content-between gap-2"
                >
                  <div>
                    <div className="fw-semibold">{passkey.name}</div>
                    <div className="small text-body-secondary">
                      {t('passkeys.created', { date: formatDateTimeLocal(passkey.created) })}
                      {' · '}
                      {passkey.last_used
                        ? t('passkeys.lastUsed', { date: formatDateTimeLocal(passkey.last_used) })
                        : t('passkeys.neverUsed')}
                    </div>
                  </div>
                  <button
                    type="button"
                    className="btn btn-sm btn-outline-danger"
                    disabled={removing}
                    onClick={() => remove(passkey)}
                    aria-label={t('passkeys.removeLabel', { name: passkey.name })}
                  >
                    {t('passkeys.remove')}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </HolderView>
        {dialog}
      </div>
    </section>
  );
}
