import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sanitizeHtml } from '../../../lib/sanitize';

/** A mail's quoted history, collapsed behind a toggle (the reply itself stays in view). */
export function QuotedText({ html }: { html: string }) {
  const { t } = useTranslation('threads');
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className="mt-2">
      <button
        type="button"
        className="btn btn-sm btn-outline-secondary"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((value) => !value)}
      >
        <span aria-hidden="true" className="me-1">
          {open ? '▾' : '▸'}
        </span>
        {open ? t('mail.hideQuoted') : t('mail.showQuoted')}
      </button>
      <div
        id={id}
        hidden={!open}
        className="record-body border-start ps-3 mt-2 text-body-secondary"
        dangerouslySetInnerHTML={{ __html: open ? sanitizeHtml(html) : '' }}
      />
    </div>
  );
}
