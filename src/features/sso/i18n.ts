import i18n from '../../lib/i18n';
import en from '../../locales/en/sso.json';
import es from '../../locales/es/sso.json';

/** The 'sso' namespace loads with the pages that use it, not with the first page. */
if (!i18n.hasResourceBundle('en', 'sso')) {
  i18n.addResourceBundle('en', 'sso', en);
  i18n.addResourceBundle('es', 'sso', es);
}
