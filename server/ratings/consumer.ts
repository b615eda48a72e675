// The outbox consumer `satisfaction` (server/events/outbox.ts): a ticket's status going from an
// open status to a closed one (migration 002's `is_closed`) is a solve. On a desk whose survey is
// on, it writes the solve's row and its token and queues the survey mail to the requester, all
// in the transaction that removes the event: one solve, one mail, even across a killed worker
// (and `event_id` is unique, so the same event never makes a second solve). The consumer gets
// only status changes (its `actions` in event_consumers, migration 051).
import type { EventConsumer } from '../events/outbox.js';
import { fill, translate } from '../lib/i18n.js';
import { loadMailThread, queueRecordMail, type RecordMailContext } from '../mail/record-mail.js';
import type { Language, MailContent } from '../mail/templates.js';
import { RATING_MAIL } from './texts.js';
import { SURVEY_DAYS, newSurveyToken } from './token.js';

export const SATISFACTION_CONSUMER = 'satisfaction';

interface SolvedTicket {
  title: string;
  hd_id: number;
  assignee_id: string | null;
  email: string;
  fullname: string;
  language: Language;
  to_closed: boolean | null;
  from_closed: boolean | null;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The survey mail in the requester's language, with the Good and Bad links. */
export function surveyMail(
  lang: Language,
  m: { name: string; subject: string; link: string; until: Date },
): MailContent {
  const t = (text: string, values: Record<string, string> = {}) =>
    fill(translate(lang, text), values);
  const date = m.until.toISOString().slice(0, 10);
  const greeting = t(RATING_MAIL.greeting, { name: m.name });
  const solved = t(RATING_MAIL.solved, { subject: m.subject });
  const good = t(RATING_MAIL.good);
  const bad = t(RATING_MAIL.bad);
  const change = t(RATING_MAIL.change, { date });
  const goodUrl = `${m.link}?r=good`;
  const badUrl = `${m.link}?r=bad`;
  return {
    subject: t(RATING_MAIL.subject, { subject: m.subject }),
    text: `${greeting}\n\n${solved}\n\n${good}: ${goodUrl}\n${bad}: ${badUrl}\n\n${change}\n`,
    html:
      `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(solved)}</p>` +
      `<p><a href="${escapeHtml(goodUrl)}">${escapeHtml(good)}</a></p>` +
      `<p><a href="${escapeHtml(badUrl)}">${escapeHtml(bad)}</a></p>` +
      `<p>${escapeHtml(change)}</p>`,
  };
}

export function satisfactionConsumer(deps: RecordMailContext): EventConsumer {
  let sent = false;
  return {
    name: SATISFACTION_CONSUMER,
    committed: () => {
      if (sent) deps.queue.wake('mail.send');
      sent = false;
    },
    handle: async (tx, e) => {
      if (e.action !== 'status_changed') return;
      const { rows } = await tx.query<SolvedTicket>(
        `SELECT r.title, r.hd_id, r.assignee_id, u.email, u.fullname, u.language,
                (SELECT bool_or(is_closed) FROM statuses
                  WHERE object_type = 'T' AND name = $2) AS to_closed,
                (SELECT bool_or(is_closed) FROM statuses
                  WHERE object_type = 'T' AND name = $3) AS from_closed
           FROM records r
           JOIN helpdesks h ON h.id = r.hd_id
           JOIN users u ON u.id = r.owner_id
          WHERE r.id = $1 AND r.object_type = 'T' AND NOT r.is_draft
            AND r.merged_into_id IS NULL AND h.satisfaction_survey`,
        [e.recordId, String(e.details.to ?? ''), String(e.details.from ?? '')],
      );
      const ticket = rows[0];
      // A solve: from an open status into a closed one (Resolved -> Closed is not a new one).
      if (!ticket || ticket.to_closed !== true || ticket.from_closed !== false) return;
      const { rows: made } = await tx.query<{ solve_no: number; solved_at: Date }>(
        `INSERT INTO satisfaction_ratings (record_id, solve_no, solved_at, event_id, hd_id, agent_id)
         SELECT $1, coalesce(max(solve_no), 0) + 1, $2, $3, $4, $5
           FROM satisfaction_ratings WHERE record_id = $1
         ON CONFLICT (event_id) DO NOTHING
         RETURNING solve_no, solved_at`,
        [e.recordId, e.createdAt, e.id, ticket.hd_id, ticket.assignee_id],
      );
      const solve = made[0];
      if (!solve) return;
      const until = new Date(solve.solved_at.getTime() + SURVEY_DAYS * 24 * 3600 * 1000);
      const { token, hash } = newSurveyToken(e.recordId, solve.solve_no);
      await tx.query(
        `INSERT INTO satisfaction_tokens (hash, record_id, solve_no, expires_at)
         VALUES ($1, $2, $3, $4)`,
        [hash, e.recordId, solve.solve_no, until],
      );
      const thread = await loadMailThread(tx, e.recordId);
      await queueRecordMail(tx, deps, thread, {
        recordId: e.recordId,
        to: ticket.email,
        kind: 'survey',
        content: surveyMail(ticket.language, {
          name: ticket.fullname,
          subject: ticket.title,
          link: `${deps.config.publicUrl}/rate/${token}`,
          until,
        }),
      });
      sent = true;
    },
  };
}
