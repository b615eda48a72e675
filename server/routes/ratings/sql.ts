// SQL for the satisfaction routes: the desks' survey setting and the charts' figures.
import type { Db } from '../../db/pool.js';
import type { Queryable } from '../../db/transaction.js';
import { Params, hiddenDesks } from '../records/visibility.js';

export type DeskSurveyRow = { id: number; name: string; parent_id: number | null; survey: boolean };

export async function listDesks(q: Queryable): Promise<DeskSurveyRow[]> {
  const { rows } = await q.query<DeskSurveyRow>(
    `SELECT id, name, parent_id, satisfaction_survey AS survey
       FROM helpdesks WHERE object_type = 'T' ORDER BY sort_order, id`,
  );
  return rows;
}

export async function setDeskSurvey(
  q: Queryable,
  id: number,
  survey: boolean,
): Promise<DeskSurveyRow | undefined> {
  const { rows } = await q.query<DeskSurveyRow>(
    `UPDATE helpdesks SET satisfaction_survey = $2 WHERE id = $1 AND object_type = 'T'
     RETURNING id, name, parent_id, satisfaction_survey AS survey`,
    [id, survey],
  );
  return rows[0];
}

export type Tally = { good: number; bad: number; percent: number | null };
export type DeskTally = Tally & { hd_id: number; hd_name: string };
export type AgentTally = Tally & { agent_id: number | null; agent_name: string | null };
export type WeekTally = Tally & { week: string };

const TALLY = `count(*) FILTER (WHERE s.rating = 'good')::int AS good,
  count(*) FILTER (WHERE s.rating = 'bad')::int AS bad,
  round(100.0 * count(*) FILTER (WHERE s.rating = 'good') / count(*))::int AS percent`;

/**
 * The ratings given in a period (by the day they were first given, UTC), per desk, per agent
 * (the assignee when solved) and per ISO week: good, bad and % good. Desks restricted to others
 * are left out, as in every count an agent sees.
 */
export async function satisfactionFigures(
  db: Db,
  viewerId: number,
  period: { from: string; to: string },
): Promise<{ desks: DeskTally[]; agents: AgentTally[]; weeks: WeekTally[] }> {
  const p = new Params();
  const rated = `FROM satisfaction_ratings s
     WHERE s.rating IS NOT NULL
       AND s.rated_at >= ${p.add(period.from)}::date::timestamp AT TIME ZONE 'UTC'
       AND s.rated_at < (${p.add(period.to)}::date + 1)::timestamp AT TIME ZONE 'UTC'
       AND s.hd_id <> ALL (${hiddenDesks(p.add(viewerId))})`;
  const [desks, agents, weeks] = await Promise.all([
    db.query<DeskTally>(
      `SELECT s.hd_id, h.name AS hd_name, ${TALLY}
         ${rated.replace('FROM satisfaction_ratings s', 'FROM satisfaction_ratings s JOIN helpdesks h ON h.id = s.hd_id')}
        GROUP BY s.hd_id, h.name, h.sort_order ORDER BY h.sort_order, s.hd_id`,
      p.values,
    ),
    db.query<AgentTally>(
      `SELECT s.agent_id, u.fullname AS agent_name, ${TALLY}
         ${rated.replace('FROM satisfaction_ratings s', 'FROM satisfaction_ratings s LEFT JOIN users u ON u.id = s.agent_id')}
        GROUP BY s.agent_id, u.fullname ORDER BY u.fullname NULLS LAST`,
      p.values,
    ),
    db.query<WeekTally>(
      `SELECT to_char(date_trunc('week', s.rated_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS week, ${TALLY}
         ${rated} GROUP BY 1 ORDER BY 1`,
      p.values,
    ),
  ]);
  const num = <T extends { agent_id?: number | null; hd_id?: number }>(r: T): T => ({
    ...r,
    ...(r.agent_id !== undefined
      ? { agent_id: r.agent_id === null ? null : Number(r.agent_id) }
      : {}),
  });
  return { desks: desks.rows, agents: agents.rows.map(num), weeks: weeks.rows };
}
