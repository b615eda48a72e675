// A Server-Sent Events reader for tests (and the bench): fetch with the Authorization header,
// events parsed as they arrive, and a wait for the first one that matches.

export interface SseEvent {
  event: string;
  data: Record<string, unknown>;
}

export interface SseStream {
  status: number;
  /** Every event received so far, in order. */
  events: SseEvent[];
  /** The first event (already received or still to come) that matches, from index `from`. */
  next: (
    match: (e: SseEvent) => boolean,
    opts?: { from?: number; timeoutMs?: number },
  ) => Promise<SseEvent>;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  close: () => void;
}

export async function openStream(base: string, token: string): Promise<SseStream> {
  const abort = new AbortController();
  const res = await fetch(`${base}/api/events`, {
    // As a browser asks: API JSON is compressed, the stream must not be (it would be buffered).
    headers: { Authorization: `JWT ${token}`, 'accept-encoding': 'gzip, deflate, br' },
    signal: abort.signal,
  });
  if (res.headers.get('content-encoding')) {
    throw new Error(`the event stream came ${res.headers.get('content-encoding')}-encoded`);
  }
  const events: SseEvent[] = [];
  let endError = '';
  const waiters = new Set<() => void>();
  const ended = (async () => {
    if (!res.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data) events.push({ event, data: JSON.parse(data) as SseEvent['data'] });
        }
        for (const w of waiters) w();
      }
    } catch (err) {
      // Aborted by close(), or the connection failed.
      endError = (err as Error).message;
    }
    for (const w of waiters) w();
  })();
  let done = false;
  void ended.then(() => (done = true));

  return {
    status: res.status,
    events,
    ended,
    close: () => abort.abort(),
    next: (match, opts = {}) =>
      new Promise((resolve, reject) => {
        const look = () => {
          const found = events.slice(opts.from ?? 0).find(match);
          if (found) {
            waiters.delete(look);
            clearTimeout(timer);
            resolve(found);
          } else if (done) {
            waiters.delete(look);
            clearTimeout(timer);
            reject(new Error(`stream ended ${endError}; events: ${JSON.stringify(events)}`));
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(look);
          reject(new Error(`no matching event; got: ${JSON.stringify(events)}`));
        }, opts.timeoutMs ?? 10_000);
        waiters.add(look);
        look();
      }),
  };
}

export const isChange =
  (recordId: number, kind?: string) =>
  (e: SseEvent): boolean =>
    e.event === 'change' && e.data.record_id === recordId && (!kind || e.data.kind === kind);
