import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import enCommon from '../locales/en/common.json';
import enErrors from '../locales/en/errors.json';
import esCommon from '../locales/es/common.json';
import esErrors from '../locales/es/errors.json';
import type { Language } from './types';

export const LANGUAGE_KEY = 'i18nextLng';
export const LANGUAGES: { code: Language; label: string }[] = [
  { code: 'en', label: 'English' },
  { code: 'es', label: 'Español' },
];

// The namespaces every screen needs; each feature adds its own with its pages (features/*/i18n.ts).
export const resources = {
  en: {
    common: enCommon,
    errors: enErrors,
  },
  es: {
    common: esCommon,
    errors: esErrors,
  },
} as const;

export function isLanguage(value: unknown): value is Language {
  return value === 'en' || value === 'es';
}

export function storedLanguage(): Language {
  const stored = localStorage.getItem(LANGUAGE_KEY);
  return isLanguage(stored) ? stored : 'en';
}

function applyLanguage(lng: string): void {
  document.documentElement.lang = lng;
}

void i18n.use(initReactI18next).init({
  resources,
  lng: storedLanguage(),
  fallbackLng: 'en',
  supportedLngs: ['en', 'es'],
  ns: [
    'common',
    'auth',
    'errors',
    'profile',
    'records',
    'attachments',
    'threads',
    'search',
    'overview',
    'charts',
    'collector',
    'contact',
    'mailChannels',
  ],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  initAsync: false,
});
applyLanguage(i18n.language);

i18n.on('languageChanged', (lng) => {
  if (isLanguage(lng)) localStorage.setItem(LANGUAGE_KEY, lng);
  applyLanguage(lng);
});

/** Switches the interface language; remembered in localStorage (i18nextLng); sets <html lang>. */
export function setLanguage(lng: Language): void {
  if (i18n.language !== lng) void i18n.changeLanguage(lng);
}

export default i18n;
