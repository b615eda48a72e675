import '../i18n';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** An endpoint's signing secret, shown once (after it is made or remade), with a copy button. */
export function SecretPanel({ secret, onDone }: { secret: string; onDone: () => void }) {
  const { t } = useTranslation('webhooks');
  const id = useId();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      // No clipboard (an insecure page, a refusal): the text stays selectable.
      setCopied(false);
    }
  };
  return (
    <section className="card card-body border-warning mb-4" aria-labelledby={`${id}-title`}>
      <h2 className="h6" id={`${id}-title`}>
        {t('secret.title')}
      </h2>
      <p className="mb-2">{t('secret.text')}</p>
      <label className="form-label" htmlFor={`${id}-value`}>
        {t('secret.label')}
      </label>
      <div className="input-group mb-2">
        <input
          id={`${id}-value`}
          className="form-control font-monospace"
          readOnly
          value={secret}
          onFocus={(e) => e.currentTarget.select()}
        />
        <button type="button" className="btn btn-outline-secondary" onClick={() => void copy()}>
          {copied ? t('secret.copied') : t('secret.copy')}
        </button>
      </div>
      <span className="visually-hidden" role="status">
        {copied ? t('secret.copied') : ''}
      </span>
      <button type="button" className="btn btn-sm btn-primary" onClick={onDone}>
        {t('secret.done')}
      </button>
    </section>
  );
}
