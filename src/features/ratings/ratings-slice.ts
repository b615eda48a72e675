import { createRequestHolder } from '../../lib/request-holder';
import type { RateTicket, TicketSatisfaction } from './types';

/** The satisfaction card's holders: a ticket's solves and ratings, and the requester's answer. */
export const ratingsHolders = {
  ticketSatisfaction: createRequestHolder<TicketSatisfaction, number>('ticketSatisfaction'),
  rateTicket: createRequestHolder<TicketSatisfaction, RateTicket>('rateTicket'),
};
