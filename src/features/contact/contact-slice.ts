import { createRequestHolder } from '../../lib/request-holder';
import type { CustomFieldSet } from '../custom-fields/types';
import type { Ticket } from '../records/types';
import type { ContactDesk, ContactMessage } from './types';

export const contactHolders = {
  contactDesks: createRequestHolder<ContactDesk[]>('contactDesks'),
  // The tickets' custom fields, from the desks' call (no request of its own).
  contactFields: createRequestHolder<CustomFieldSet>('contactFields'),
  contactTicket: createRequestHolder<Ticket, ContactMessage>('contactTicket'),
};
