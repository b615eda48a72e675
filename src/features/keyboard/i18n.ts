import i18n from '../../lib/i18n';
import en from '../../locales/en/keyboard.json';
import es from '../../locales/es/keyboard.json';

/** The 'keyboard' namespace loads with the signed-in layouts, not with the login page. */
if (!i18n.hasResourceBundle('en', 'keyboard')) {
  i18n.addResourceBundle('en', 'keyboard', en);
  i18n.addResourceBundle('es', 'keyboard', es);
}
