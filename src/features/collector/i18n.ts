import i18n from '../../lib/i18n';
import en from '../../locales/en/collector.json';
import es from '../../locales/es/collector.json';

/** The 'collector' namespace loads with its pages, not with the first page (login page JS stays small). */
if (!i18n.hasResourceBundle('en', 'collector')) {
  i18n.addResourceBundle('en', 'collector', en);
  i18n.addResourceBundle('es', 'collector', es);
}
