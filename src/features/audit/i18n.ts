import i18n from '../../lib/i18n';
import en from '../../locales/en/audit.json';
import es from '../../locales/es/audit.json';

/** The 'audit' namespace loads with its page, not with the first page. */
if (!i18n.hasResourceBundle('en', 'audit')) {
  i18n.addResourceBundle('en', 'audit', en);
  i18n.addResourceBundle('es', 'audit', es);
}
