import i18n from '../../lib/i18n';
import en from '../../locales/en/admin.json';
import es from '../../locales/es/admin.json';

/** The 'admin' namespace loads with its pages, not with the first page. */
if (!i18n.hasResourceBundle('en', 'admin')) {
  i18n.addResourceBundle('en', 'admin', en);
  i18n.addResourceBundle('es', 'admin', es);
}
