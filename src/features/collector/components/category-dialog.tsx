import { useId } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalBody, ModalFooter, ModalHeader } from 'reactstrap';
import { Modal } from '../../../lib/modal';

/** A maintenance dialog: a title, its fields (or question), Cancel and the action. */
export function CategoryDialog({
  title,
  action,
  busy,
  danger = false,
  onSubmit,
  onCancel,
  children,
}: {
  title: string;
  action: string;
  busy: boolean;
  danger?: boolean;
  onSubmit: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('collector');
  const titleId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Modal isOpen toggle={onCancel} labelledBy={titleId} fade={false} centered>
      <form onSubmit={submit} noValidate>
        <ModalHeader
          id={titleId}
          tag="h2"
          className="h5"
          toggle={onCancel}
          closeAriaLabel={t('common:close')}
        >
          {title}
        </ModalHeader>
        <ModalBody>{children}</ModalBody>
        <ModalFooter>
          <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
            {t('maintenance.cancel')}
          </button>
          <button
            type="submit"
            className={`btn ${danger ? 'btn-danger' : 'btn-primary'}`}
            disabled={busy}
          >
            {action}
          </button>
        </ModalFooter>
      </form>
    </Modal>
  );
}
