import i18n from '../../lib/i18n';
import en from '../../locales/en/mailChannels.json';
import es from '../../locales/es/mailChannels.json';

/** The 'mailChannels' namespace loads with its page, not with the first page (login page JS stays small). */
if (!i18n.hasResourceBundle('en', 'mailChannels')) {
  i18n.addResourceBundle('en', 'mailChannels', en);
  i18n.addResourceBundle('es', 'mailChannels', es);
}
