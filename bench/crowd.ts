// A crowd of people in closed loops against a running server: each signs in once, then repeats
// list, details, search, list page 2 and, one call in five, raises a ticket (regular users) or
// replies to one (agents), each call as soon as the last answered. The people section runs it
// on the demo data; the time-based rules' section runs it beside a pass over a million tickets.
import { closedLoop, fmt, request } from './measure.js';

interface Person {
  token: string;
  agent: boolean;
  lastTicket?: number;
}

export interface CrowdResult {
  perSecond: number;
  /** Every call's time in ms, sorted. */
  latencies: number[];
  errors: number;
  firstError?: string;
  byKind: Map<string, number[]>;
}

export interface Crowd {
  /** Runs the loops for `seconds`, or while `going()` says so. */
  run(seconds: number, going?: () => boolean): Promise<CrowdResult>;
}

const KINDS = ['list', 'details', 'search', 'list page 2', 'raise', 'reply'];

/** Signs in `people` people (`emailOf(i)`; one in five is the agent) and returns their crowd. */
export async function signInCrowd(
  address: string,
  people: number,
  emailOf: (i: number) => string,
  password: string,
): Promise<Crowd> {
  const api = (p: string) => `${address}/api/${p}`;
  const crowd: Person[] = [];
  for (let i = 0; i < people; i++) {
    const email = emailOf(i);
    const res = await request(api('login'), {
      method: 'POST',
      body: { str_username: email, str_password: password },
    });
    if (res.status !== 200) throw new Error(`login ${email}: HTTP ${res.status}`);
    const data = (
      JSON.parse(res.body) as { data: { token: string; user: { user_is_hde: boolean } } }
    ).data;
    crowd.push({ token: data.token, agent: data.user.user_is_hde });
  }

  const expectOk = async (p: Promise<{ status: number; body: string }>) => {
    const res = await p;
    if (res.status !== 200) throw new Error(`HTTP ${res.status}: ${res.body.slice(0, 200)}`);
    return res;
  };
  const act = async (w: number, i: number) => {
    const me = crowd[w];
    const scope = me.agent ? 'hd' : 'my';
    switch (i % 5) {
      case 0:
      case 3: {
        const res = await expectOk(
          request(api(`search/ticket/${scope}`), {
            method: 'POST',
            token: me.token,
            body: { page: i % 5 === 0 ? 1 : 2, page_size: 25 },
          }),
        );
        const items = (JSON.parse(res.body) as { data: { items: { id: number }[] } }).data.items;
        if (items.length) me.lastTicket = items[(w + i) % items.length].id;
        return;
      }
      case 1:
        if (me.lastTicket)
          await expectOk(request(api(`ticket/${me.lastTicket}/`), { token: me.token }));
        return;
      case 2:
        await expectOk(
          request(api('search/query'), {
            method: 'POST',
            token: me.token,
            body: { q: ['printer ', 'password ', 'vpn '][i % 3], type: 'T', page_size: 10 },
          }),
        );
        return;
      default:
        if (me.agent && me.lastTicket) {
          await expectOk(
            request(api(`ticket/${me.lastTicket}/communication/`), {
              method: 'POST',
              token: me.token,
              body: { body: '<p>Thanks, we are looking into it.</p>' },
            }),
          );
        } else {
          await expectOk(
            request(api('ticket/'), {
              method: 'POST',
              token: me.token,
              body: {
                subject: `Bench ticket ${w}-${i}`,
                description: '<p>The printer shows an error.</p>',
                priority_id: 2,
              },
            }),
          );
        }
    }
  };

  return {
    async run(seconds, going) {
      const byKind = new Map<string, number[]>(KINDS.map((k) => [k, []]));
      // The fifth call: an agent replies, a regular user raises a ticket.
      const kindOf = (w: number, i: number) => KINDS[i % 5 === 4 && crowd[w].agent ? 5 : i % 5];
      const step = async (w: number, i: number) => {
        const start = process.hrtime.bigint();
        try {
          await act(w, i);
        } finally {
          byKind.get(kindOf(w, i))?.push(Number(process.hrtime.bigint() - start) / 1e6);
        }
      };
      const result = await closedLoop(crowd.length, seconds, step, going);
      for (const times of byKind.values()) times.sort((a, b) => a - b);
      return { ...result, byKind };
    },
  };
}

/** One line for the crowd, then one per kind of call. */
export function printCrowd(label: string, r: CrowdResult): void {
  console.log(
    `${label}: ${r.perSecond.toFixed(0)} calls/s in all, ${r.errors} errors; ` +
      `latency p50 p95 p99 (ms): ${fmt(r.latencies)}`,
  );
  for (const [kind, times] of r.byKind) console.log(`  ${kind.padEnd(16)} ${fmt(times)}`);
  if (r.firstError) console.log(`  first error: ${r.firstError}`);
}
