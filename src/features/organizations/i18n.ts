import i18n from '../../lib/i18n';
import en from '../../locales/en/organizations.json';
import es from '../../locales/es/organizations.json';

/** The 'organizations' namespace loads with its pages, not with the first page. */
if (!i18n.hasResourceBundle('en', 'organizations')) {
  i18n.addResourceBundle('en', 'organizations', en);
  i18n.addResourceBundle('es', 'organizations', es);
}
