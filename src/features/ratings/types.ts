import type { components } from '../../api/schema';

export type TicketSatisfaction = components['schemas']['TicketSatisfaction'];
export type SatisfactionSolve = components['schemas']['SatisfactionSolve'];
export type Rating = 'good' | 'bad';

export interface RateTicket {
  id: number;
  rating: Rating;
  comment: string;
}
