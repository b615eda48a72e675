import i18n from '../../lib/i18n';
import en from '../../locales/en/overview.json';
import es from '../../locales/es/overview.json';

/** The 'overview' namespace loads with its pages, not with the first page (login page JS stays small). */
if (!i18n.hasResourceBundle('en', 'overview')) {
  i18n.addResourceBundle('en', 'overview', en);
  i18n.addResourceBundle('es', 'overview', es);
}
