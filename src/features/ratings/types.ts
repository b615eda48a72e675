import type { components } from '../../api/schema';

export type TicketSatisfaction = components['schemas']['TicketSatisfaction'];
export type SatisfactionSolve = components['schemas']['SatisfactionSolve'];
export type DeskSurvey = components['schemas']['DeskSurvey'];
export type SatisfactionFigures = components['schemas']['SatisfactionFigures'];
export type Rating = 'good' | 'bad';

export interface RateTicket {
  id: number;
  rating: Rating;
  comment: string;
}

export interface DeskSurveyChange {
  id: number;
  survey: boolean;
}

export interface SatisfactionPeriod {
  from: string;
  to: string;
}
