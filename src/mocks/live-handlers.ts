// Live events in the mocks (docs/api-live.md): each GET /api/events is an open stream that
// says `ready`; tests (and dev:mock) push events into every open stream with emitLive(), and
// end them with endLiveStreams() as a server restart would. Presence is kept per record and
// sent to every stream, like the server does for agents.
import { HttpResponse } from 'msw';
import { db } from './db';
import { authed, bodyOf, fail, http, ok } from './http';
import { NOT_FOUND, workAccess } from './work-access';

interface OpenStream {
  userId: number;
  controller: ReadableStreamDefaultController<Uint8Array>;
}

const streams = new Set<OpenStream>();
const encoder = new TextEncoder();
const present = new Map<number, Map<number, { fullname: string; typing: boolean }>>();

function write(stream: OpenStream, event: string, data: object): void {
  try {
    stream.controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
  } catch {
    streams.delete(stream); // the reader went away
  }
}

/** Sends one event to every open stream (or only to `userId`'s). */
export function emitLive(event: string, data: object, userId?: number): void {
  for (const s of streams) if (userId === undefined || s.userId === userId) write(s, event, data);
}

/** Ends every open stream, as a server going away would. */
export function endLiveStreams(): void {
  for (const s of streams) {
    try {
      s.controller.close();
    } catch {
      // already closed
    }
  }
  streams.clear();
}

export const openLiveStreams = (): number => streams.size;

export function liveHandlers() {
  return [
    http.get(
      '/api/events',
      authed((user, { response }) => {
        let entry: OpenStream | undefined;
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            entry = { userId: user.id, controller };
            streams.add(entry);
            write(entry, 'ready', { user_id: user.id });
          },
          cancel() {
            if (entry) streams.delete(entry);
          },
        });
        // An event stream, not JSON: outside what the contract's types describe.
        return response.untyped(
          new HttpResponse(body, { headers: { 'Content-Type': 'text/event-stream' } }),
        );
      }),
    ),
    http.post(
      '/api/records/{id}/presence',
      authed(async (user, { params, request }) => {
        const id = Number(params.id);
        const record = db.records.find((r) => r.id === id);
        if (!record || !workAccess(user, record)) return fail(404, 'Not Found', NOT_FOUND);
        const { state } = await bodyOf(request);
        if (state !== 'viewing' && state !== 'typing' && state !== 'left') {
          return fail(400, 'Bad Request', 'State must be viewing, typing or left.', {
            state: 'State must be viewing, typing or left.',
          });
        }
        const people = present.get(id) ?? new Map<number, { fullname: string; typing: boolean }>();
        present.set(id, people);
        if (state === 'left') people.delete(user.id);
        else people.set(user.id, { fullname: user.fullname, typing: state === 'typing' });
        const all = [...people.entries()].map(([pid, p]) => ({ id: pid, fullname: p.fullname, p }));
        emitLive('presence', {
          record_id: id,
          viewing: all.map(({ id: pid, fullname }) => ({ id: pid, fullname })),
          typing: all
            .filter((x) => x.p.typing)
            .map(({ id: pid, fullname }) => ({ id: pid, fullname })),
        });
        return ok({ state });
      }),
    ),
  ];
}
