import { useCallback, useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalBody, ModalFooter, ModalHeader } from 'reactstrap';
import { Modal } from './modal';

export interface ConfirmDialogProps {
  isOpen: boolean;
  title: string;
  /** What goes, by name ("“Printer queue” is deleted for every agent."). */
  text?: ReactNode;
  confirmLabel: string;
  /** Cancel by default. */
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** A deletion: the confirm button is red. */
  danger?: boolean;
  /** The action is on its way: the confirm button waits. */
  busy?: boolean;
  /** Why the action failed (the dialog stays open to say so). */
  error?: string | null;
}

/**
 * THE confirmation of the product (every deletion asks through it, docs/architecture.md): a
 * titled modal that names what goes, with focus on Cancel, so Enter at once never deletes;
 * Escape, the close button and Cancel cancel.
 */
export function ConfirmDialog({
  isOpen,
  title,
  text,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  danger = false,
  busy = false,
  error = null,
}: ConfirmDialogProps) {
  const { t } = useTranslation('common');
  const titleId = useId();
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      isOpen={isOpen}
      toggle={onCancel}
      labelledBy={titleId}
      fade={false}
      centered
      // The modal itself would take focus as it opens: Cancel takes it instead.
      autoFocus={false}
      onOpened={() => cancel.current?.focus()}
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
      {(text || error) && (
        <ModalBody>
          {text && <p className="mb-0">{text}</p>}
          {error && (
            <div className="alert alert-danger mt-2 mb-0" role="alert">
              {error}
            </div>
          )}
        </ModalBody>
      )}
      <ModalFooter>
        <button ref={cancel} type="button" className="btn btn-outline-secondary" onClick={onCancel}>
          {cancelLabel ?? t('confirm.cancel')}
        </button>
        <button
          type="button"
          className={`btn ${danger ? 'btn-danger' : 'btn-primary'}`}
          disabled={busy}
          onClick={onConfirm}
        >
          {confirmLabel}
        </button>
      </ModalFooter>
    </Modal>
  );
}

export type ConfirmQuestion = Omit<ConfirmDialogProps, 'isOpen' | 'onCancel' | 'onConfirm'> & {
  /** What a yes does. */
  onConfirm: () => void;
};

/**
 * Asking first, for a component with one or more things to confirm: `ask(question)` opens the
 * shared dialog; render `dialog` once.
 */
export function useConfirm(): { ask: (question: ConfirmQuestion) => void; dialog: ReactNode } {
  const [question, setQuestion] = useState<ConfirmQuestion | null>(null);
  const ask = useCallback((q: ConfirmQuestion) => setQuestion(q), []);
  const dialog = (
    <ConfirmDialog
      title=""
      confirmLabel=""
      {...question}
      isOpen={question !== null}
      onCancel={() => setQuestion(null)}
      onConfirm={() => {
        setQuestion(null);
        question?.onConfirm();
      }}
    />
  );
  return { ask, dialog };
}
