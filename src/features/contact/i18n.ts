import i18n from '../../lib/i18n';
import en from '../../locales/en/contact.json';
import es from '../../locales/es/contact.json';

/** The 'contact' namespace loads with its pages, not with the first page (login page JS stays small). */
if (!i18n.hasResourceBundle('en', 'contact')) {
  i18n.addResourceBundle('en', 'contact', en);
  i18n.addResourceBundle('es', 'contact', es);
}
