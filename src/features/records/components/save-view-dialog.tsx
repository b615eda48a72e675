import '../i18n';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalBody, ModalFooter, ModalHeader } from 'reactstrap';
import { Modal } from '../../../lib/modal';
import { isOneLine } from '../../../lib/one-line';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import type { SavedView, ViewInput } from '../bulk-views-api';
import { bulkViewsHolders } from '../bulk-views-slice';

interface SaveViewDialogProps {
  /** The list as it is now: filters, sort, columns. */
  values: Omit<ViewInput, 'name' | 'shared'>;
  /** The caller's own view that is open, which "Update view" saves again. */
  current?: SavedView;
  onClose: () => void;
}

/** Names the current list as a view, personal or shared with every agent. */
/** Open while mounted: the page mounts it to ask, so each time starts from the open view. */
export function SaveViewDialog({ values, current, onClose }: SaveViewDialogProps) {
  const { t } = useTranslation('records');
  const dispatch = useAppDispatch();
  const saving = useAppSelector((state) => state.holders.saveView);
  const [name, setName] = useState(current?.name ?? '');
  const [shared, setShared] = useState(current?.shared ?? false);
  const [submitted, setSubmitted] = useState(false);
  const titleId = useId();
  const nameId = useId();
  const sharedId = useId();
  const errorId = useId();

  useEffect(() => {
    dispatch(bulkViewsHolders.saveView.actions.reset());
  }, [dispatch]);
  // Saved: close.
  useEffect(() => {
    if (submitted && saving.data) onClose();
  }, [submitted, saving.data, onClose]);

  const localError = !name.trim()
    ? t('views.nameRequired')
    : !isOneLine(name.trim())
      ? t('common:validation.oneLine')
      : null;
  const save = (id?: number) => {
    setSubmitted(true);
    if (localError) return;
    dispatch(
      bulkViewsHolders.saveView.actions.requested({
        id,
        values: { ...values, name: name.trim(), shared },
      }),
    );
  };
  const error = submitted && localError ? localError : saving.error?.fields?.name;

  return (
    <Modal isOpen toggle={onClose} labelledBy={titleId} fade={false} centered>
      <ModalHeader
        id={titleId}
        tag="h2"
        className="h5"
        toggle={onClose}
        closeAriaLabel={t('views.cancel')}
      >
        {t('views.saveTitle')}
      </ModalHeader>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save(current?.id);
        }}
        noValidate
      >
        <ModalBody>
          <label htmlFor={nameId} className="form-label">
            {t('views.name')}
          </label>
          <input
            id={nameId}
            className={`form-control ${error ? 'is-invalid' : ''}`}
            value={name}
            maxLength={80}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(e) => setName(e.target.value)}
          />
          {error && (
            <div id={errorId} className="invalid-feedback">
              {error}
            </div>
          )}
          <div className="form-check mt-3">
            <input
              id={sharedId}
              type="checkbox"
              className="form-check-input"
              checked={shared}
              onChange={(e) => setShared(e.target.checked)}
            />
            <label htmlFor={sharedId} className="form-check-label">
              {t('views.shared')}
            </label>
          </div>
        </ModalBody>
        <ModalFooter>
          <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
            {t('views.cancel')}
          </button>
          {current && (
            <button
              type="button"
              className="btn btn-outline-primary"
              disabled={saving.loading}
              onClick={() => save(undefined)}
            >
              {t('views.saveAsNew')}
            </button>
          )}
          <button type="submit" className="btn btn-primary" disabled={saving.loading}>
            {current ? t('views.update') : t('views.save')}
          </button>
        </ModalFooter>
      </form>
    </Modal>
  );
}
