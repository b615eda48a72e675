// Satisfaction ratings end to end (docs/satisfaction.md): solving a ticket mails its requester
// one survey in their language; the mailed link rates with no session and the page takes a
// comment; the rating can be changed for 14 days; a forged, expired, other ticket's or earlier
// solve's link answers a clear page and rates nothing; a desk can turn the survey off; the
// signed-in requester rates too; triggers, webhooks, the list filter and the charts see it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { handleNext } from '../../events/outbox.js';
import { jobPolicies } from '../../jobs/jobs.js';
import { createJobQueue } from '../../jobs/queue.js';
import { systemClock } from '../../lib/clock.js';
import { hasTranslation } from '../../lib/i18n.js';
import { jwtSecretProvider } from '../../lib/jwt-secret.js';
import { satisfactionConsumer } from '../../ratings/consumer.js';
import { RATING_MAIL, RATING_MESSAGES, RATING_PAGE } from '../../ratings/texts.js';
import { RATE_PAGE_LIMIT } from '../../routes/ratings/routes.js';
import { drainJobs, parsedMailsTo, startTestEnv, type TestEnv } from '../helpers.js';
import { eventually } from '../routes/work-helpers.js';
import { caller, newRecord, person, type Person } from '../work-helpers.js';

let env: TestEnv;
let call: ReturnType<typeof caller>;
let admin: Person;
let agent: Person;
let rita: Person;
let rosa: Person;
let clockFile: string;
const DAY = 86_400_000;

beforeAll(async () => {
  clockFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'rating-clock-')), 'offset');
  fs.writeFileSync(clockFile, '0');
  env = await startTestEnv({ testClockOffsetFile: clockFile, webhookAllowHosts: ['127.0.0.1'] });
  call = caller(env);
  admin = await person(env, 'Ada Admin', true, true);
  agent = await person(env, 'Arno Agent', true);
  rita = await person(env, 'Rita Requester');
  rosa = await person(env, 'Rosa Solicitante');
  await env.db.query(`UPDATE users SET language = 'es' WHERE id = $1`, [rosa.id]);
}, 60_000);
afterAll(() => env.close());
beforeEach(() => fs.writeFileSync(clockFile, '0'));

let address = 0;
/** The public page, from an address of its own (the per-address limit is tested apart). */
function page(method: 'GET' | 'POST', url: string, form?: Record<string, string>) {
  address += 1;
  return env.app.inject({
    method,
    url,
    remoteAddress: `10.1.${Math.floor(address / 250)}.${address % 250}`,
    ...(form
      ? {
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams(form).toString(),
        }
      : {}),
  });
}

async function setStatus(id: number, statusId: number, who = agent): Promise<void> {
  const current = await call('GET', `/api/ticket/${id}/`, who.token);
  const res = await call('PUT', `/api/ticket/${id}/`, who.token, {
    version: current.json().data.version,
    status_id: statusId,
  });
  expect(res.statusCode, res.body).toBe(200);
}

const RESOLVED = 4;
const CLOSED = 5;
const OPEN = 2;

/** The survey mails to `who` so far (once the queue is idle). */
async function surveys(who: Person) {
  return (await parsedMailsTo(env, who.email)).filter((m) => m.text?.includes('/rate/'));
}

/** Solves a new ticket of `who` (desk `hd`) and returns it with its survey link. */
async function solvedTicket(who: Person, hd = 1): Promise<{ id: number; link: string }> {
  const t = await newRecord(env, 'ticket', who.token, {
    hd_id: hd,
    subject: `Printer ${Math.random()}`,
  });
  const before = (await surveys(who)).length;
  await setStatus(t.id, RESOLVED);
  let link = '';
  await eventually(async () => {
    const mails = await surveys(who);
    expect(mails.length).toBe(before + 1);
    link = /https?:\/\/\S+\/rate\/[\w-]+/.exec(mails[mails.length - 1].text ?? '')?.[0] ?? '';
    expect(link).toContain(`/rate/${t.id}-`);
  });
  return { id: t.id, link };
}

const pathOf = (link: string) => new URL(link).pathname;

async function satisfaction(id: number, who: Person = agent) {
  const res = await call('GET', `/api/ticket/${id}/satisfaction/`, who.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    can_rate: boolean;
    solves: { solve: number; rating: string | null; comment: string | null; open: boolean }[];
  };
}

describe('the survey mail', () => {
  it('goes to the requester once per solve, machine-made, in their language', async () => {
    const { id, link } = await solvedTicket(rosa);
    const [mail] = (await surveys(rosa)).slice(-1);
    expect(mail.headers.get('auto-submitted')).toBe('auto-generated');
    expect(mail.subject).toContain('¿Qué tal lo hicimos?');
    expect(mail.text).toContain(`${link}?r=good`);
    expect(mail.text).toContain(`${link}?r=bad`);
    expect(mail.text).toContain('Bien, estoy satisfecho');
    // Resolved -> Closed is not a new solve: no second survey.
    await setStatus(id, CLOSED);
    await drainJobs(env);
    expect((await surveys(rosa)).filter((m) => m.subject?.includes(`[#${id}]`))).toHaveLength(1);
    expect((await satisfaction(id)).solves).toHaveLength(1);
  });

  it('is written once even when the same event is handled again', async () => {
    const { id } = await solvedTicket(rita);
    const { rows } = await env.db.query<{ event_id: string }>(
      `SELECT event_id FROM satisfaction_ratings WHERE record_id = $1`,
      [id],
    );
    // Put the solve's event back in the outbox, as if a worker died after acting on it.
    await env.db.query(
      `INSERT INTO event_outbox (consumer, event_id, record_id) VALUES ('satisfaction', $1, $2)`,
      [rows[0].event_id, id],
    );
    const queue = createJobQueue(env.db, {
      policies: jobPolicies(env.config),
      log: console,
      worker: false,
    });
    const consumer = satisfactionConsumer({
      queue,
      config: env.config,
      clock: systemClock,
      jwtSecret: jwtSecretProvider(env.db, env.config.jwtSecret),
    });
    const log = { warn: () => undefined, error: () => undefined };
    while (await handleNext(env.db, consumer, log));
    await drainJobs(env);
    expect((await satisfaction(id)).solves).toHaveLength(1);
    const mails = (await surveys(rita)).filter((m) => m.subject?.includes(`[#${id}]`));
    expect(mails).toHaveLength(1);
  });

  it('is not sent for a desk whose survey is off', async () => {
    const off = await call('PUT', '/api/admin/satisfaction/6/', admin.token, { survey: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toMatchObject({ id: 6, survey: false });
    expect(
      (await call('PUT', '/api/admin/satisfaction/6/', agent.token, { survey: true })).statusCode,
    ).toBe(403);
    try {
      const before = (await surveys(rita)).length;
      const t = await newRecord(env, 'ticket', rita.token, { hd_id: 6 });
      await setStatus(t.id, RESOLVED);
      await drainJobs(env);
      await eventually(async () => {
        const { rows } = await env.db.query(
          `SELECT 1 FROM event_outbox WHERE consumer = 'satisfaction' AND record_id = $1`,
          [t.id],
        );
        expect(rows).toHaveLength(0);
      });
      await drainJobs(env);
      expect(await surveys(rita)).toHaveLength(before);
      expect((await satisfaction(t.id)).solves).toEqual([]);
    } finally {
      await call('PUT', '/api/admin/satisfaction/6/', admin.token, { survey: true });
    }
    const desks = (await call('GET', '/api/admin/satisfaction/', admin.token)).json().data.desks;
    expect(desks.find((d: { id: number }) => d.id === 6).survey).toBe(true);
  });
});

describe('the mailed link', () => {
  it('rates at once with no session, takes a comment and a change within 14 days', async () => {
    const { id, link } = await solvedTicket(rita);
    const bad = await page('GET', `${pathOf(link)}?r=bad`);
    expect(bad.statusCode).toBe(200);
    expect(bad.headers['content-type']).toContain('text/html');
    expect(bad.body).toContain('Your rating was saved: Bad');
    expect(bad.body).toContain('<textarea id="comment"');
    expect((await satisfaction(id)).solves[0]).toMatchObject({ rating: 'bad', comment: null });

    const comment = await page('POST', pathOf(link), { r: 'bad', comment: 'Took three days.' });
    expect(comment.statusCode).toBe(200);
    expect(comment.body).toContain('Your rating and comment were saved');
    expect((await satisfaction(id, rita)).solves[0]).toMatchObject({
      rating: 'bad',
      comment: 'Took three days.',
    });

    fs.writeFileSync(clockFile, String(13 * DAY));
    const good = await page('GET', `${pathOf(link)}?r=good`);
    expect(good.statusCode).toBe(200);
    const after = await satisfaction(id);
    expect(after.solves).toHaveLength(1);
    expect(after.solves[0]).toMatchObject({ rating: 'good', comment: 'Took three days.' });

    // The history says it, with the rating and the comment, and the requester is its actor.
    const history = (await call('GET', `/api/ticket/${id}/history/`, agent.token)).json().data;
    const rated = JSON.stringify(history);
    expect(rated).toContain('"rated"');
    expect(rated).toContain('Took three days.');
  });

  it('answers an expired link with a page and rates nothing', async () => {
    const { id, link } = await solvedTicket(rita);
    fs.writeFileSync(clockFile, String(14 * DAY + 60_000));
    const res = await page('GET', `${pathOf(link)}?r=bad`);
    expect(res.statusCode).toBe(410);
    expect(res.body).toContain('This survey has closed');
    expect((await satisfaction(id)).solves[0].rating).toBeNull();
    const api = await call('PUT', `/api/ticket/${id}/satisfaction/`, rita.token, { rating: 'bad' });
    expect(api.statusCode).toBe(409);
  });

  it('answers a forged or another ticket’s or solve’s link with a page and rates nothing', async () => {
    const a = await solvedTicket(rita);
    const b = await solvedTicket(rita);
    const token = pathOf(a.link).split('/').pop() ?? '';
    const [, solve, secret] = /^\d+-(\d+)-(.+)$/.exec(token) ?? [];
    const forged = [
      `${a.id}-${solve}-${'A'.repeat(43)}`, // a made-up secret
      `${b.id}-${solve}-${secret}`, // a's secret, b's id
      `${a.id}-${Number(solve) + 1}-${secret}`, // another solve
      'nonsense',
    ];
    for (const t of forged) {
      const res = await page('GET', `/rate/${t}?r=bad`);
      expect(res.statusCode, t).toBe(404);
      expect(res.body).toContain('This link does not work');
      const post = await page('POST', `/rate/${t}`, { r: 'bad', comment: 'x' });
      expect(post.statusCode, t).toBe(404);
    }
    expect((await satisfaction(a.id)).solves[0].rating).toBeNull();
    expect((await satisfaction(b.id)).solves[0].rating).toBeNull();
  });

  it('after a reopen and a new solve: a new survey; the old link rates nothing, each solve counts once', async () => {
    const first = await solvedTicket(rita);
    expect((await page('GET', `${pathOf(first.link)}?r=bad`)).statusCode).toBe(200);
    await setStatus(first.id, OPEN, rita);
    const before = (await surveys(rita)).length;
    await setStatus(first.id, RESOLVED);
    let second = '';
    await eventually(async () => {
      const mails = await surveys(rita);
      expect(mails.length).toBe(before + 1);
      second = /https?:\/\/\S+\/rate\/[\w-]+/.exec(mails[mails.length - 1].text ?? '')?.[0] ?? '';
      expect(second).toContain(`/rate/${first.id}-2-`);
    });
    const old = await page('GET', `${pathOf(first.link)}?r=good`);
    expect(old.statusCode).toBe(410);
    expect(old.body).toContain('This survey is for an earlier solve');
    expect((await page('GET', `${pathOf(second)}?r=good`)).statusCode).toBe(200);
    const s = await satisfaction(first.id);
    expect(s.solves.map((x) => [x.solve, x.rating])).toEqual([
      [2, 'good'],
      [1, 'bad'],
    ]);
  });

  it('is limited per address: 429 with Retry-After', async () => {
    const codes: number[] = [];
    let retryAfter: string | undefined;
    for (let i = 0; i <= RATE_PAGE_LIMIT; i++) {
      const res = await env.app.inject({ url: '/rate/nonsense', remoteAddress: '10.9.9.9' });
      codes.push(res.statusCode);
      retryAfter = res.headers['retry-after'] as string | undefined;
    }
    expect(codes.slice(0, RATE_PAGE_LIMIT).every((c) => c === 404)).toBe(true);
    expect(codes[RATE_PAGE_LIMIT]).toBe(429);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });
});

describe('signed in', () => {
  it('the requester rates the solved ticket; agents and others cannot', async () => {
    const { id } = await solvedTicket(rita);
    expect((await satisfaction(id, rita)).can_rate).toBe(true);
    expect((await satisfaction(id, agent)).can_rate).toBe(false);
    const byAgent = await call('PUT', `/api/ticket/${id}/satisfaction/`, agent.token, {
      rating: 'good',
    });
    expect(byAgent.statusCode).toBe(403);
    const other = await call('GET', `/api/ticket/${id}/satisfaction/`, rosa.token);
    expect(other.statusCode).toBe(404);
    const bad = await call('PUT', `/api/ticket/${id}/satisfaction/`, rita.token, { rating: 'meh' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.rating).toBe(RATING_MESSAGES.rating);
    const res = await call('PUT', `/api/ticket/${id}/satisfaction/`, rita.token, {
      rating: 'good',
      comment: 'Quick and kind.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.solves[0]).toMatchObject({ rating: 'good', comment: 'Quick and kind.' });
    const { rows } = await env.db.query(`SELECT satisfaction FROM records WHERE id = $1`, [id]);
    expect(rows[0].satisfaction).toBe('good');
  });
});

describe('what follows a rating', () => {
  it('runs "a satisfaction rating arrives" triggers and sends ticket.rated to webhooks', async () => {
    const trig = await call('POST', '/api/triggers', admin.token, {
      name: 'Unhappy requester',
      event: 'rating_received',
      conditions: [],
      actions: [{ type: 'set_priority', priority_id: 4 }],
    });
    expect(trig.statusCode, trig.body).toBe(200);
    const hook = await call('POST', '/api/webhooks', admin.token, {
      url: 'http://127.0.0.1:9/ratings',
      events: ['ticket.rated'],
    });
    expect(hook.statusCode, hook.body).toBe(200);
    try {
      const { id, link } = await solvedTicket(rita);
      const priority = async () =>
        (await call('GET', `/api/ticket/${id}/`, agent.token)).json().data.priority_id;
      expect(await priority()).toBe(2);
      await page('POST', pathOf(link), { r: 'bad', comment: 'Never again.' });
      await eventually(async () => expect(await priority()).toBe(4));
      await eventually(async () => {
        const { rows } = await env.db.query<{ payload: { change: { details: object } } }>(
          `SELECT payload FROM webhook_deliveries WHERE event = 'ticket.rated' AND record_id = $1`,
          [id],
        );
        expect(rows).toHaveLength(1);
        expect(JSON.stringify(rows[0].payload)).toContain('Never again.');
      });
    } finally {
      await call('DELETE', `/api/triggers/${trig.json().data.id}`, admin.token);
      await call('DELETE', `/api/webhooks/${hook.json().data.endpoint.id}`, admin.token);
      // Its delivery to a closed port would be retried for a day: the queue is left idle.
      await env.db.query(`DELETE FROM pgboss.job WHERE name = 'webhook.deliver'`);
    }
  });

  it('the charts count the ratings per desk, agent and week', async () => {
    await env.db.query(`UPDATE satisfaction_ratings SET rating = NULL, rated_at = NULL`);
    const a = await solvedTicket(rita, 2);
    const b = await solvedTicket(rita, 2);
    const c = await solvedTicket(rita, 3);
    await page('GET', `${pathOf(a.link)}?r=good`);
    await page('GET', `${pathOf(b.link)}?r=bad`);
    await page('GET', `${pathOf(c.link)}?r=good`);
    const res = await call('GET', '/api/charts/satisfaction/', agent.token);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.desks).toEqual([
      { hd_id: 2, hd_name: 'Hardware', good: 1, bad: 1, percent: 50 },
      { hd_id: 3, hd_name: 'Network', good: 1, bad: 0, percent: 100 },
    ]);
    expect(data.agents).toEqual([
      { agent_id: null, agent_name: null, good: 2, bad: 1, percent: 67 },
    ]);
    expect(data.weeks).toHaveLength(1);
    expect(data.weeks[0]).toMatchObject({ good: 2, bad: 1, percent: 67 });
    expect((await call('GET', '/api/charts/satisfaction/', rita.token)).statusCode).toBe(403);
  });
});

describe('languages', () => {
  it('every survey text has Spanish', () => {
    const texts = [RATING_MESSAGES, RATING_MAIL, RATING_PAGE].flatMap((o) => Object.values(o));
    expect(texts.filter((t) => !hasTranslation('es', t))).toEqual([]);
  });
});
