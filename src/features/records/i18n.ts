import i18n from '../../lib/i18n';
import en from '../../locales/en/records.json';
import es from '../../locales/es/records.json';

/**
 * The 'records' namespace loads with the record pages and components (every module that shows
 * its texts imports this file), not with the first page: it stays out of the login page's JS.
 */
if (!i18n.hasResourceBundle('en', 'records')) {
  i18n.addResourceBundle('en', 'records', en);
  i18n.addResourceBundle('es', 'records', es);
}
