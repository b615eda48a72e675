import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, isLanguage, setLanguage } from '../lib/i18n';

/** A <select> labelled 'Language' (English / Español); the choice is remembered. */
export function LanguageSwitcher({ className = '' }: { className?: string }) {
  const { t, i18n } = useTranslation('common');
  const id = useId();
  return (
    <div className={`language-switcher d-flex align-items-center gap-2 ${className}`}>
      <label htmlFor={id} className="form-label mb-0 small">
        {t('language')}
      </label>
      <select
        id={id}
        className="form-select form-select-sm w-auto"
        value={i18n.language}
        onChange={(event) => {
          if (isLanguage(event.target.value)) setLanguage(event.target.value);
        }}
      >
        {LANGUAGES.map((lang) => (
          <option key={lang.code} value={lang.code} lang={lang.code}>
            {lang.label}
          </option>
        ))}
      </select>
    </div>
  );
}
