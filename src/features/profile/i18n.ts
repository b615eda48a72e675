import i18n from '../../lib/i18n';
import en from '../../locales/en/profile.json';
import es from '../../locales/es/profile.json';

/** The 'profile' namespace loads with its pages, not with the first page's JavaScript. */
if (!i18n.hasResourceBundle('en', 'profile')) {
  i18n.addResourceBundle('en', 'profile', en);
  i18n.addResourceBundle('es', 'profile', es);
}
