// The details call (issue 9) on the records bench's million-row database: one ticket given a
// 500-message thread (a fifth of it work log) and 200 history events; the call's p95 through
// the listener beside its SQL floor (the same statements run directly through pg as the handler
// runs them: server/routes/details/read.ts) and the ratio; then a reply to it beside a reply to a ticket without a
// thread. BENCH_ONLY=details.
import { readDetails } from '../server/routes/details/read.js';
import { fmt, percentile, ratio, request, sampleInTurns } from './measure.js';
import { addTarget } from './summary.js';
import type { BenchContext } from './records.js';

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);

export async function detailsBench(ctx: BenchContext): Promise<void> {
  const { db, address, tokens, people } = ctx;
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM records WHERE owner_id = $1 AND object_type = 'T' AND NOT is_draft
      ORDER BY id DESC LIMIT 1`,
    [people.user.id],
  );
  const id = Number(rows[0].id);
  await db.query(
    `INSERT INTO record_messages (record_id, thread, author_id, body, created_at)
     SELECT $1, CASE WHEN n % 5 = 0 THEN 'worklog' ELSE 'communication' END, $2,
            '<p>Message ' || n || ' of the long thread.</p>', now() - (500 - n) * interval '1 minute'
       FROM generate_series(1, 500) n`,
    [id, people.agent.id],
  );
  await db.query(
    `INSERT INTO record_events (record_id, actor_id, action, details, created_at)
     SELECT $1, $2, 'status_changed', '{"from":"Open","to":"Pending"}'::jsonb,
            now() - (500 - n * 2) * interval '1 minute'
       FROM generate_series(1, 200) n`,
    [id, people.agent.id],
  );
  await db.query('ANALYZE record_messages, record_events');

  console.log(
    `\nDetails call: ticket ${id} with a 500-message thread and 200 events (${SAMPLES} runs each, ms).` +
      `\nHTTP = GET ticket/{id}/details/ through the listener; SQL = its statements run directly.`,
  );
  const header = `${'call'.padEnd(34)} ${'HTTP p50    p95    p99'.padStart(22)}  ${'SQL p50    p95    p99'.padStart(21)}  p95 ratio`;
  console.log(header);
  console.log('-'.repeat(header.length));
  for (const who of ['agent', 'user'] as const) {
    const viewer = people[who];
    const url = `${address}/api/ticket/${id}/details/`;
    const call = async () => {
      const res = await request(url, { token: tokens[who] });
      if (res.status !== 200) throw new Error(`details as ${who}: HTTP ${res.status}`);
    };
    await call();
    const [http, direct] = await sampleInTurns(
      [
        call,
        async () => {
          if (!(await readDetails(db, viewer, 'T', id))) throw new Error('details: not found');
        },
      ],
      SAMPLES,
    );
    console.log(
      `${`details, first page, as ${who}`.padEnd(34)} ${fmt(http).padStart(22)}  ${fmt(direct).padStart(21)}  ${ratio(http, direct).toFixed(1).padStart(9)}`,
    );
  }
  await replies(ctx, id);
  await mergeBench(ctx);
}

const MERGE_RUNS = Number(process.env.BENCH_MERGE_RUNS ?? 20);
const MERGE_TARGET_MS = 200;

/**
 * Merging a ticket with a 500-message thread (a fifth of it work log) and 20 files' rows into
 * another, one call each run (docs/api-working.md "Merge and split"); each run gets a fresh
 * pair, made before the clock starts. The moves defer the per-message search trigger and
 * rebuild the two vectors once (migration 029), so the call's cost is the thread's rows, not a
 * rebuild per message.
 */
export async function mergeBench(ctx: BenchContext, messages = 500): Promise<number> {
  const { db, address, tokens, people } = ctx;
  const fresh = async () => {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO records (object_type, title, body, owner_id, hd_id, status_id, priority_id)
       SELECT 'T', 'Merge bench ' || n, '<p>The printer jams.</p>', $1, 1, 2, 2
         FROM generate_series(1, 2) n
       RETURNING id`,
      [people.user.id],
    );
    const [target, source] = rows.map((r) => Number(r.id));
    await db.query(
      `INSERT INTO record_messages (record_id, thread, author_id, body, created_at)
       SELECT $1, CASE WHEN n % 5 = 0 THEN 'worklog' ELSE 'communication' END, $2,
              '<p>Message ' || n || ' of the thread to merge.</p>',
              now() - ($3 - n) * interval '1 minute'
         FROM generate_series(1, $3) n`,
      [source, people.agent.id, messages],
    );
    return { target, source };
  };
  const times: number[] = [];
  for (let i = 0; i < MERGE_RUNS + 3; i++) {
    const { target, source } = await fresh();
    const start = process.hrtime.bigint();
    const res = await request(`${address}/api/ticket/${target}/merge/`, {
      method: 'POST',
      token: tokens.agent,
      body: { source_ids: [source] },
    });
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    if (res.status !== 200) throw new Error(`merge ${source} into ${target}: HTTP ${res.status}`);
    if (i >= 3) times.push(ms); // the first three warm the statements up
  }
  times.sort((a, b) => a - b);
  const p95 = percentile(times, 95);
  console.log(
    `\nMerge, a ${messages}-message thread into another ticket, ${MERGE_RUNS} runs, ms` +
      `\n${'merge (one call)'.padEnd(34)} ${'HTTP p50    p95'.padStart(15)}  target`,
  );
  console.log(
    `${''.padEnd(34)} ${percentile(times, 50).toFixed(1).padStart(8)} ${p95.toFixed(1).padStart(6)}  <= ${MERGE_TARGET_MS}`,
  );
  addTarget({
    what: `merge: a ${messages}-message thread, one call, p95`,
    measured: `${p95.toFixed(1)} ms`,
    target: `<= ${MERGE_TARGET_MS} ms`,
    met: p95 <= MERGE_TARGET_MS,
  });
  return p95;
}

/**
 * An agent's reply to that ticket beside one to a ticket with no thread, in turns. A reply
 * appends its words to the ticket's search vector (migration 021); before, it rebuilt the vector
 * from the whole thread, and a reply's cost grew with the thread.
 */
async function replies(ctx: BenchContext, longId: number): Promise<void> {
  const { db, address, tokens, people } = ctx;
  const { rows } = await db.query<{ id: string }>(
    `SELECT r.id FROM records r
      WHERE r.owner_id = $1 AND r.object_type = 'T' AND NOT r.is_draft AND r.id <> $2
        AND NOT EXISTS (SELECT 1 FROM record_messages m WHERE m.record_id = r.id)
      ORDER BY r.id DESC LIMIT 1`,
    [people.user.id, longId],
  );
  const reply = (id: number | string) => async () => {
    const res = await request(`${address}/api/ticket/${id}/communication/`, {
      method: 'POST',
      token: tokens.agent,
      body: { body: '<p>The toner was replaced; the printer on the third floor works again.</p>' },
    });
    if (res.status !== 200) throw new Error(`reply to ${id}: HTTP ${res.status}`);
  };
  // Longer public messages first: about 150,000 characters of thread, under the 200,000 that
  // search reads.
  await db.query(
    `INSERT INTO record_messages (record_id, thread, author_id, body)
     SELECT $1, 'communication', $2, '<p>' || repeat('The printer on the third floor shows error '
            || n || ' again after the toner was replaced. ', 6) || '</p>'
       FROM generate_series(1, 300) n`,
    [longId, people.agent.id],
  );
  const thread = await db.query<{ n: number; chars: number }>(
    `SELECT count(*)::int AS n, sum(length(html_to_text(body)))::int AS chars
       FROM record_messages WHERE record_id = $1 AND thread = 'communication'`,
    [longId],
  );
  const { n, chars } = thread.rows[0];
  const [long, short] = await sampleInTurns([reply(longId), reply(rows[0].id)], 50);
  console.log(`\nA reply, 50 runs each, ms               ${'HTTP p50    p95    p99'.padStart(22)}`);
  const longName = `reply, ${n} public messages (${Math.round(chars / 1000)}k chars)`;
  console.log(`${longName.padEnd(34)} ${fmt(long).padStart(22)}`);
  console.log(`${'reply, a ticket without messages'.padEnd(34)} ${fmt(short).padStart(22)}`);
}
