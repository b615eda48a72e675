import i18n from '../../lib/i18n';
import en from '../../locales/en/live.json';
import es from '../../locales/es/live.json';

/** The 'live' namespace loads with the components that show it (lists, details pages). */
if (!i18n.hasResourceBundle('en', 'live')) {
  i18n.addResourceBundle('en', 'live', en);
  i18n.addResourceBundle('es', 'live', es);
}
