import { server } from '../../mocks/node';
import { signInAs } from '../../test/render-app';
import { api, requestEarly } from '../api-client';

/** How many times the server was asked for `path`. */
function countCalls(path: string): { n: number } {
  const count = { n: 0 };
  server.events.on('request:start', ({ request }) => {
    if (new URL(request.url).pathname === path) count.n++;
  });
  return count;
}

const details = (signal = new AbortController().signal) =>
  api.get('/api/ticket/{id}/details/', { path: { id: 2 }, query: {}, signal });

describe('requestEarly: a first screen call started before its saga asks', () => {
  beforeEach(() => signInAs('agent@example.com'));
  afterEach(() => vi.restoreAllMocks());

  it('the same call takes its answer once; the next one asks the server', async () => {
    const calls = countCalls('/api/ticket/2/details/');
    requestEarly(details);
    const first = await details();
    expect(first.data.data.record.id).toBe(2);
    expect(calls.n).toBe(1);
    await details();
    expect(calls.n).toBe(2);
  });

  it('an answer 10 s old or one for another session is not used', async () => {
    const calls = countCalls('/api/ticket/2/details/');
    const now = Date.now();
    requestEarly(details);
    vi.spyOn(Date, 'now').mockReturnValue(now + 20_000);
    await details();
    expect(calls.n).toBe(2);

    vi.restoreAllMocks();
    requestEarly(details);
    signInAs('alice@example.com');
    await details().catch(() => undefined); // alice may not see it: only the count matters
    expect(calls.n).toBe(4);
  });
});
