// Live events in the mocks (docs/api-live.md): each GET /api/events is an open stream that
// says `ready`; tests (and dev:mock) push events into every open stream with emitLive(), and
// end them with endLiveStreams() as a server restart would. Presence is kept per record and
// sent to every stream, like the server does for agents.
import { HttpResponse } from 'msw';
import { db } from './db';
import { accessOf, refused, requireAccess } from './access';
import { authed, bodyOf, http, ok } from './http';

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
        const record = requireAccess(user, 'take_part', Number(params.id));
        if (refused(record)) return record;
        const state = (await bodyOf(request)).state as 'viewing' | 'typing' | 'left';
        const people =
          present.get(record.id) ?? new Map<number, { fullname: string; typing: boolean }>();
        present.set(record.id, people);
        const before = people.get(user.id);
        if (state === 'left') {
          if (!people.delete(user.id)) return ok({ state });
        } else {
          const typing = state === 'typing';
          people.set(user.id, { fullname: user.fullname, typing });
          // A re-send that changes nothing says nothing new.
          if (before && before.typing === typing) return ok({ state });
        }
        const all = [...people.entries()].map(([pid, p]) => ({ id: pid, fullname: p.fullname, p }));
        const event = {
          record_id: record.id,
          viewing: all.map(({ id: pid, fullname }) => ({ id: pid, fullname })),
          typing: all
            .filter((x) => x.p.typing)
            .map(({ id: pid, fullname }) => ({ id: pid, fullname })),
        };
        // To those who see the record: agents, its owner, the people it is shared with.
        for (const s of streams) {
          const viewer = db.users.find((u) => u.id === s.userId);
          const access = viewer ? accessOf(viewer, record) : null;
          if (access && access !== 'reader') write(s, 'presence', event);
        }
        return ok({ state });
      }),
    ),
  ];
}
