import { createRequestHolder } from '../../lib/request-holder';
import type { Ticket } from '../records/types';
import type { ContactDesk, ContactMessage } from './types';

export const contactHolders = {
  contactDesks: createRequestHolder<ContactDesk[]>('contactDesks'),
  contactTicket: createRequestHolder<Ticket, ContactMessage>('contactTicket'),
};
