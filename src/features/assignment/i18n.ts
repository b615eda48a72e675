import i18n from '../../lib/i18n';
import en from '../../locales/en/assignment.json';
import es from '../../locales/es/assignment.json';

/** The 'assignment' namespace loads with its page and the profile's availability card. */
if (!i18n.hasResourceBundle('en', 'assignment')) {
  i18n.addResourceBundle('en', 'assignment', en);
  i18n.addResourceBundle('es', 'assignment', es);
}
