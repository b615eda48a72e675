import i18n from '../../lib/i18n';
import en from '../../locales/en/suggestions.json';
import es from '../../locales/es/suggestions.json';

/** The 'suggestions' namespace loads with the forms that show suggestions. */
if (!i18n.hasResourceBundle('en', 'suggestions')) {
  i18n.addResourceBundle('en', 'suggestions', en);
  i18n.addResourceBundle('es', 'suggestions', es);
}
