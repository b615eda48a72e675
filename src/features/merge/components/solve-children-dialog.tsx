import '../i18n';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalBody, ModalFooter, ModalHeader } from 'reactstrap';
import { Modal } from '../../../lib/modal';

/**
 * Before a parent ticket with open children is solved: solve them too, only this ticket, or
 * cancel (Escape). The answer becomes PUT ticket/{id}/'s `solve_children`.
 */
export function SolveChildrenDialog({
  count,
  onAnswer,
  onCancel,
}: {
  count: number;
  onAnswer: (solveChildren: boolean) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('merge');
  const { t: tc } = useTranslation('common');
  const titleId = useId();
  return (
    <Modal isOpen toggle={onCancel} labelledBy={titleId} fade={false} centered>
      <ModalHeader
        id={titleId}
        tag="h2"
        className="h5"
        toggle={onCancel}
        closeAriaLabel={tc('close')}
      >
        {t('solve.title')}
      </ModalHeader>
      <ModalBody>{t('solve.text', { count })}</ModalBody>
      <ModalFooter>
        <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
          {t('cancel')}
        </button>
        <button type="button" className="btn btn-outline-primary" onClick={() => onAnswer(false)}>
          {t('solve.no')}
        </button>
        <button type="button" className="btn btn-primary" onClick={() => onAnswer(true)}>
          {t('solve.yes')}
        </button>
      </ModalFooter>
    </Modal>
  );
}
