import i18n from '../../lib/i18n';
import en from '../../locales/en/merge.json';
import es from '../../locales/es/merge.json';

/** The 'merge' namespace (merge, split, typed links) loads with the screens that use it. */
if (!i18n.hasResourceBundle('en', 'merge')) {
  i18n.addResourceBundle('en', 'merge', en);
  i18n.addResourceBundle('es', 'merge', es);
}
