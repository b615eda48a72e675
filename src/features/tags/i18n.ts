import i18n from '../../lib/i18n';
import en from '../../locales/en/tags.json';
import es from '../../locales/es/tags.json';

/** The 'tags' namespace loads with the code that shows tags, not with the first page. */
if (!i18n.hasResourceBundle('en', 'tags')) {
  i18n.addResourceBundle('en', 'tags', en);
  i18n.addResourceBundle('es', 'tags', es);
}
