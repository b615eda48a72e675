import i18n from '../../lib/i18n';
import en from '../../locales/en/sla.json';
import es from '../../locales/es/sla.json';

/** The 'sla' namespace loads with its page, not with the first page (login page JS stays small). */
if (!i18n.hasResourceBundle('en', 'sla')) {
  i18n.addResourceBundle('en', 'sla', en);
  i18n.addResourceBundle('es', 'sla', es);
}
