import i18n from '../../lib/i18n';
import en from '../../locales/en/ratings.json';
import es from '../../locales/es/ratings.json';

/** The 'ratings' namespace loads with the satisfaction card. */
if (!i18n.hasResourceBundle('en', 'ratings')) {
  i18n.addResourceBundle('en', 'ratings', en);
  i18n.addResourceBundle('es', 'ratings', es);
}
