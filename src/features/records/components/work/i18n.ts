import i18n from '../../../../lib/i18n';
import en from '../../../../locales/en/working.json';
import es from '../../../../locales/es/working.json';

/**
 * The 'working' namespace (sharing, classification, relations, actions, history) loads with the
 * details pages, not with the first page: its texts stay out of the login page's JS.
 */
if (!i18n.hasResourceBundle('en', 'working')) {
  i18n.addResourceBundle('en', 'working', en);
  i18n.addResourceBundle('es', 'working', es);
}
