import i18n from '../../lib/i18n';
import en from '../../locales/en/auth.json';
import es from '../../locales/es/auth.json';

/** The 'auth' namespace loads with its pages, not with the first page's JavaScript. */
if (!i18n.hasResourceBundle('en', 'auth')) {
  i18n.addResourceBundle('en', 'auth', en);
  i18n.addResourceBundle('es', 'auth', es);
}
