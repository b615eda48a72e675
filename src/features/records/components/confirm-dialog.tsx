import '../i18n';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalBody, ModalFooter, ModalHeader } from 'reactstrap';
import { Modal } from '../../../lib/modal';

interface ConfirmDialogProps {
  isOpen: boolean;
  title: string;
  text?: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  danger?: boolean;
}

/** A titled confirmation (reactstrap Modal): Escape or the close button cancel. */
export function ConfirmDialog({
  isOpen,
  title,
  text,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  danger = false,
}: ConfirmDialogProps) {
  const { t } = useTranslation('common');
  const titleId = useId();
  return (
    <Modal isOpen={isOpen} toggle={onCancel} labelledBy={titleId} fade={false} centered>
      <ModalHeader
        id={titleId}
        tag="h2"
        className="h5"
        toggle={onCancel}
        closeAriaLabel={t('close')}
      >
        {title}
      </ModalHeader>
      {text && <ModalBody>{text}</ModalBody>}
      <ModalFooter>
        <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
          {cancelLabel}
        </button>
        <button
          type="button"
          className={`btn ${danger ? 'btn-danger' : 'btn-primary'}`}
          onClick={onConfirm}
        >
          {confirmLabel}
        </button>
      </ModalFooter>
    </Modal>
  );
}

/** The unsaved-changes question (lib/leave-guard.ts). */
export function LeaveDialog({
  guard,
}: {
  guard: { asking: boolean; leave: () => void; stay: () => void };
}) {
  const { t } = useTranslation('records');
  return (
    <ConfirmDialog
      isOpen={guard.asking}
      title={t('leave.title')}
      confirmLabel={t('leave.leave')}
      cancelLabel={t('leave.stay')}
      onConfirm={guard.leave}
      onCancel={guard.stay}
    />
  );
}
