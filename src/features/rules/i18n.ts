import i18n from '../../lib/i18n';
import en from '../../locales/en/rules.json';
import es from '../../locales/es/rules.json';

/** The 'rules' namespace loads with its pages, not with the first page. */
if (!i18n.hasResourceBundle('en', 'rules')) {
  i18n.addResourceBundle('en', 'rules', en);
  i18n.addResourceBundle('es', 'rules', es);
}
