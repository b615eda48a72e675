import i18n from '../../lib/i18n';
import en from '../../locales/en/webhooks.json';
import es from '../../locales/es/webhooks.json';

/** The 'webhooks' namespace loads with its page, not with the first page. */
if (!i18n.hasResourceBundle('en', 'webhooks')) {
  i18n.addResourceBundle('en', 'webhooks', en);
  i18n.addResourceBundle('es', 'webhooks', es);
}
