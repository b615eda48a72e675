import { createRequestHolder } from '../../lib/request-holder';
import type {
  SendAgain,
  ShownSecret,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookSave,
} from './types';

/** The webhooks page's response holders: one line each. */
export const webhooksHolders = {
  webhooks: createRequestHolder<WebhookEndpoint[]>('webhooks'),
  saveWebhook: createRequestHolder<WebhookEndpoint, WebhookSave>('saveWebhook'),
  deleteWebhook: createRequestHolder<{ id: number }, number>('deleteWebhook'),
  /** The secret of an endpoint just made, or just remade: shown once. */
  webhookSecret: createRequestHolder<ShownSecret, number>('webhookSecret'),
  webhookDeliveries: createRequestHolder<WebhookDelivery[], number>('webhookDeliveries'),
  sendWebhookAgain: createRequestHolder<WebhookDelivery, SendAgain>('sendWebhookAgain'),
};
