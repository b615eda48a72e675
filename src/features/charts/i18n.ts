import i18n from '../../lib/i18n';
import en from '../../locales/en/charts.json';
import es from '../../locales/es/charts.json';

/** The 'charts' namespace loads with its pages, not with the first page (login page JS stays small). */
if (!i18n.hasResourceBundle('en', 'charts')) {
  i18n.addResourceBundle('en', 'charts', en);
  i18n.addResourceBundle('es', 'charts', es);
}
