import { useEffect, useMemo } from 'react';
import { useFormik } from 'formik';
import type { FormikTouched } from 'formik';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import {
  Alert,
  FormField,
  SubmitButton,
  generalError,
  useServerFieldErrors,
} from '../../../lib/form-field';
import { useConfirm } from '../../../lib/confirm-dialog';
import { mailChannelsHolders } from '../mail-channels-slice';
import type { MailChannel } from '../types';
import {
  IMAP_FIELDS,
  channelSchema,
  formFieldErrors,
  imapOf,
  removalText,
  valuesOf,
  writeBody,
} from './channel-values';
import type { ChannelValues } from './channel-values';
import { TestButton } from './test-result';

const H = mailChannelsHolders;

/** Edits one help desk's address and IMAP mailbox; a failed save keeps every value typed. */
export function ChannelForm({
  channel,
  onCancel,
  onTest,
}: {
  channel: MailChannel;
  onCancel: () => void;
  onTest: () => void;
}) {
  const { t } = useTranslation('mailChannels');
  const dispatch = useAppDispatch();
  const save = useAppSelector((state) => state.holders.mailChannelSave);
  const test = useAppSelector((state) => state.holders.mailChannelTest);
  const hasPassword = channel.imap?.has_password === true;
  const schema = useMemo(() => channelSchema(t, hasPassword), [t, hasPassword]);
  const { ask, dialog } = useConfirm();
  const formik = useFormik<ChannelValues>({
    initialValues: valuesOf(channel),
    validationSchema: schema,
    onSubmit: (values) => {
      const body = writeBody(values);
      const save = () =>
        dispatch(H.mailChannelSave.actions.requested({ hd_id: channel.hd_id, values: body }));
      // Emptied of both address and mailbox, the channel goes: that asks first, as the card's
      // Remove does.
      if (!body.address && !body.imap && (channel.address || channel.imap)) {
        ask({
          title: t('remove.title'),
          text: removalText(t, channel),
          confirmLabel: t('remove.confirm'),
          danger: true,
          onConfirm: save,
        });
      } else save();
    },
  });
  const saveError = useMemo(() => formFieldErrors(save.error), [save.error]);
  const testError = useMemo(() => formFieldErrors(test.error), [test.error]);
  useServerFieldErrors(formik, saveError);
  useServerFieldErrors(formik, testError);
  const message = generalError(save.error);

  // Keyboard users land in the form they opened.
  const prefix = `mail-${channel.hd_id}`;
  useEffect(() => {
    document.getElementById(`${prefix}-address`)?.focus();
  }, [prefix]);

  /** Tests what the form holds now (a blank password: the stored one). */
  const testNow = async () => {
    const errors = await formik.validateForm();
    const bad = IMAP_FIELDS.filter((name) => errors[name]);
    if (bad.length > 0) {
      const touched: FormikTouched<ChannelValues> = {};
      for (const name of bad) touched[name] = true;
      void formik.setTouched({ ...formik.touched, ...touched }, false);
      document.getElementById(`${prefix}-${bad[0]}`)?.focus();
      return;
    }
    onTest();
    dispatch(
      H.mailChannelTest.actions.requested({ hd_id: channel.hd_id, imap: imapOf(formik.values) }),
    );
  };

  const check = (name: 'use_imap' | 'tls', label: string) => (
    <div className="form-check mb-3">
      <input
        id={`${prefix}-${name}`}
        name={name}
        type="checkbox"
        className="form-check-input"
        checked={formik.values[name]}
        onChange={formik.handleChange}
      />
      <label className="form-check-label" htmlFor={`${prefix}-${name}`}>
        {label}
      </label>
    </div>
  );

  return (
    <form
      noValidate
      onSubmit={formik.handleSubmit}
      aria-label={t('edit', { name: channel.hd_name })}
    >
      {message && <Alert kind="danger">{message}</Alert>}
      <FormField
        formik={formik}
        name="address"
        type="email"
        autoComplete="off"
        label={t('fields.address')}
        idPrefix={prefix}
        hint={t('hints.address')}
      />
      {check('use_imap', t('fields.useImap'))}
      {formik.values.use_imap && (
        <fieldset className="border rounded p-3 mb-3">
          <legend className="visually-hidden">{t('summary.imap')}</legend>
          <div className="row g-2">
            <div className="col-md-8">
              <FormField formik={formik} name="host" label={t('fields.host')} idPrefix={prefix} />
            </div>
            <div className="col-md-4">
              <FormField
                formik={formik}
                name="port"
                type="number"
                label={t('fields.port')}
                idPrefix={prefix}
              />
            </div>
          </div>
          {check('tls', t('fields.tls'))}
          <FormField
            formik={formik}
            name="user"
            autoComplete="off"
            label={t('fields.user')}
            idPrefix={prefix}
          />
          <FormField
            formik={formik}
            name="password"
            type="password"
            autoComplete="new-password"
            label={t('fields.password')}
            idPrefix={prefix}
            hint={hasPassword ? t('hints.keepPassword') : t('hints.newPassword')}
          />
          <FormField formik={formik} name="folder" label={t('fields.folder')} idPrefix={prefix} />
        </fieldset>
      )}
      <div className="d-flex flex-wrap gap-2">
        <SubmitButton loading={save.loading} label={t('save')} className="btn btn-primary" />
        {formik.values.use_imap && (
          <TestButton loading={test.loading} onClick={() => void testNow()} />
        )}
        <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
          {t('cancel')}
        </button>
      </div>
      {dialog}
    </form>
  );
}
