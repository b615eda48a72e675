import i18n from '../../lib/i18n';
import enAttachments from '../../locales/en/attachments.json';
import enThreads from '../../locales/en/threads.json';
import esAttachments from '../../locales/es/attachments.json';
import esThreads from '../../locales/es/threads.json';

/**
 * The 'attachments' and 'threads' namespaces load with the record pages that show the work
 * panels (record-work-panels.tsx), not with the first page (the login page's JS stays small).
 * Their sagas load on first use too (lib/lazy-saga.ts), so every text they show is here by then.
 */
if (!i18n.hasResourceBundle('en', 'threads')) {
  i18n.addResourceBundle('en', 'attachments', enAttachments);
  i18n.addResourceBundle('es', 'attachments', esAttachments);
  i18n.addResourceBundle('en', 'threads', enThreads);
  i18n.addResourceBundle('es', 'threads', esThreads);
}
