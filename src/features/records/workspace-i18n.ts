import i18n from '../../lib/i18n';
import en from '../../locales/en/workspace.json';
import es from '../../locales/es/workspace.json';

/** The 'workspace' namespace (record view, macros) loads with the pages that show it. */
if (!i18n.hasResourceBundle('en', 'workspace')) {
  i18n.addResourceBundle('en', 'workspace', en);
  i18n.addResourceBundle('es', 'workspace', es);
}
