import './i18n';
import { useId } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalBody, ModalFooter, ModalHeader } from 'reactstrap';
import { Modal } from '../../../../lib/modal';

interface WorkDialogProps {
  isOpen: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  size?: 'lg';
}

/** A titled dialog with a body (reactstrap Modal): Escape or the close button cancel. */
export function WorkDialog({
  isOpen,
  title,
  children,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  size,
}: WorkDialogProps) {
  const { t } = useTranslation('common');
  const titleId = useId();
  return (
    <Modal
      isOpen={isOpen}
      toggle={onCancel}
      labelledBy={titleId}
      fade={false}
      centered
      size={size}
      scrollable
    >
      <ModalHeader
        id={titleId}
        tag="h2"
        className="h5"
        toggle={onCancel}
        closeAriaLabel={t('close')}
      >
        {title}
      </ModalHeader>
      <ModalBody>{children}</ModalBody>
      <ModalFooter>
        <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
          {cancelLabel}
        </button>
        <button type="button" className="btn btn-primary" onClick={onConfirm}>
          {confirmLabel}
        </button>
      </ModalFooter>
    </Modal>
  );
}

/** A region of the details page with its h2. */
export function WorkSection({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="card" aria-labelledby={id}>
      <div className="card-body">
        <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
          <h2 id={id} className="h5 mb-0 me-auto">
            {title}
          </h2>
          {action}
        </div>
        {children}
      </div>
    </section>
  );
}
