import { createRequestHolder } from '../../lib/request-holder';
import type {
  DeskSurvey,
  DeskSurveyChange,
  RateTicket,
  SatisfactionFigures,
  SatisfactionPeriod,
  TicketSatisfaction,
} from './types';

/**
 * The satisfaction holders: a ticket's solves and ratings, the requester's answer, the desks'
 * survey switch (administrators) and the charts' figures.
 */
export const ratingsHolders = {
  ticketSatisfaction: createRequestHolder<TicketSatisfaction, number>('ticketSatisfaction'),
  rateTicket: createRequestHolder<TicketSatisfaction, RateTicket>('rateTicket'),
  deskSurveys: createRequestHolder<{ desks: DeskSurvey[] }>('deskSurveys'),
  setDeskSurvey: createRequestHolder<DeskSurvey, DeskSurveyChange>('setDeskSurvey'),
  satisfactionFigures: createRequestHolder<SatisfactionFigures, SatisfactionPeriod>(
    'satisfactionFigures',
  ),
};
