// Whether this process's inbound SMTP listener is up, down (it could not bind; it tries again)
// or off (INBOUND_SMTP=off, INBOUND_SMTP_PORT=0, or a process that runs no workers). The
// listener (smtp-listener.ts superviseInboundSmtp) writes it; GET /api/health and the start
// banner read it (docs/operations.md "What you watch").

/** Why the listener could not bind, from the system's error code. */
export type MailListenerProblem =
  'port in use' | 'permission denied' | 'address not available' | 'error';

export type MailListenerHealth =
  | { state: 'off' }
  | { state: 'up'; address: string }
  | {
      state: 'down';
      /** host:port it tries to bind. */
      address: string;
      since: Date;
      problem: MailListenerProblem;
      /** The system's words, for the log and the banner. */
      error: string;
      /** When it tries again. */
      retryAt: Date;
    };

export interface MailListenerMonitor {
  current: () => MailListenerHealth;
  set: (health: MailListenerHealth) => void;
}

/** Starts off: a process that never runs the listener reports it off. */
export function createMailListenerMonitor(): MailListenerMonitor {
  let health: MailListenerHealth = { state: 'off' };
  return {
    current: () => health,
    set: (next) => {
      health = next;
    },
  };
}

export function listenProblem(err: unknown): MailListenerProblem {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EADDRINUSE') return 'port in use';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EADDRNOTAVAIL') return 'address not available';
  return 'error';
}

/** One line for the start banner; `offBecause` says why it is off. */
export function mailListenerBanner(health: MailListenerHealth, offBecause: string): string {
  switch (health.state) {
    case 'up':
      return `Mail in (SMTP) is listening on ${health.address}`;
    case 'off':
      return `Mail in (SMTP) is off in this process (${offBecause})`;
    case 'down':
      return (
        `Mail in (SMTP) is NOT listening on ${health.address}: ${health.problem} (${health.error}). ` +
        'It tries again by itself; GET /api/health says when it is up'
      );
  }
}
