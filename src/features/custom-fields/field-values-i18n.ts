import i18n from '../../lib/i18n';
import en from '../../locales/en/field-values.json';
import es from '../../locales/es/field-values.json';

/** The 'fieldValues' namespace: the custom fields' controls on forms and the side panel. */
if (!i18n.hasResourceBundle('en', 'fieldValues')) {
  i18n.addResourceBundle('en', 'fieldValues', en);
  i18n.addResourceBundle('es', 'fieldValues', es);
}
