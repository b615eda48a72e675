import i18n from '../../lib/i18n';
import en from '../../locales/en/custom-fields.json';
import es from '../../locales/es/custom-fields.json';

/** The 'customFields' namespace loads with its page, not with the first page. */
if (!i18n.hasResourceBundle('en', 'customFields')) {
  i18n.addResourceBundle('en', 'customFields', en);
  i18n.addResourceBundle('es', 'customFields', es);
}
