import i18n from '../../lib/i18n';
import en from '../../locales/en/search.json';
import es from '../../locales/es/search.json';

/** The 'search' namespace loads with its pages, not with the first page (login page JS stays small). */
if (!i18n.hasResourceBundle('en', 'search')) {
  i18n.addResourceBundle('en', 'search', en);
  i18n.addResourceBundle('es', 'search', es);
}
