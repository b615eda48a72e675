import type { ConnectionTest, MailChannel } from '../features/mail-channels/types';
import { db } from './db';
import { authed, bodyOf, fail, http, ok } from './http';
import type { MockChannel } from './mail-data';
import { HELPDESKS } from './records-data';

const validEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const AGENTS_ONLY = 'Only helpdesk agents may do this.';
const NO_DESK = 'Help desk not found.';
/** The mock's only reachable mailbox server (anything else refuses the connection). */
const REACHABLE = 'imap.example.com';

type Imap = NonNullable<MockChannel['imap']>;

function channelOf(hdId: number): MockChannel {
  return (
    db.mailChannels.find((c) => c.hd_id === hdId) ?? {
      hd_id: hdId,
      address: null,
      imap: null,
      last_poll_at: null,
      last_error: null,
    }
  );
}

function publicChannel(hdId: number): MailChannel {
  const desk = HELPDESKS.find((hd) => hd.hd_id === hdId);
  const channel = channelOf(hdId);
  const { password, ...imap } = channel.imap ?? { password: null };
  return {
    hd_id: hdId,
    hd_name: desk?.hd_name ?? '',
    object_type: desk?.object_type ?? 'T',
    address: channel.address,
    imap: channel.imap ? { ...(imap as Omit<Imap, 'password'>), has_password: !!password } : null,
    last_poll_at: channel.last_poll_at,
    last_error: channel.last_error,
  };
}

/** Reads `imap` of a body the way the server validates it: the settings, or the field messages. */
function readImap(
  raw: unknown,
  stored: Imap | null,
): { imap: Imap | null; fields: Record<string, string> } {
  if (raw === null || raw === undefined) return { imap: null, fields: {} };
  const body = typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const fields: Record<string, string> = {};
  const host = text(body.host).trim();
  const user = text(body.user).trim();
  const folder = text(body.folder).trim() || 'INBOX';
  const port = body.port;
  const password = typeof body.password === 'string' ? body.password : (stored?.password ?? null);
  if (!host) fields['imap.host'] = 'IMAP host is required.';
  else if (!/^[A-Za-z0-9._:[\]-]+$/.test(host)) {
    fields['imap.host'] = 'Enter a host name or IP address.';
  }
  if (!(Number.isInteger(port) && (port as number) >= 1 && (port as number) <= 65535)) {
    fields['imap.port'] = 'Port must be 1 to 65535.';
  }
  if (!user) fields['imap.user'] = 'User name is required.';
  if (!password) fields['imap.password'] = 'Password is required.';
  const imap = { host, port: port as number, tls: body.tls !== false, user, password, folder };
  return { imap, fields };
}

/** What the server's imap-check says (server/mail/imap-check.ts), for the mock's one server. */
function connect(imap: Imap): ConnectionTest {
  if (imap.host.toLowerCase() !== REACHABLE) {
    return {
      ok: false,
      message: `Could not connect to ${imap.host}:${imap.port}: connection refused`,
    };
  }
  if (imap.password !== 'stored-secret' && imap.password !== 'imap-demo') {
    return {
      ok: false,
      message: `Login failed for ${imap.user}: NO [AUTHENTICATIONFAILED] Authentication failed.`,
    };
  }
  return { ok: true, message: `Connected; folder ${imap.folder} has 12 messages.` };
}

/** The mail channels page (helpdesk agents only): list, save, test connection. */
export function mailHandlers() {
  type Info = { request: Request; params: { hd_id?: string | number } };
  /** Signed-in helpdesk agents only (401, else 403). */
  const agent = <I extends { request: Request }, Answer>(handler: (info: I) => Answer) =>
    authed((user, info: I) =>
      user.user_is_hde ? handler(info) : fail(403, 'Forbidden', AGENTS_ONLY),
    );
  const deskOf = (info: Info) => HELPDESKS.find((hd) => hd.hd_id === Number(info.params.hd_id));

  return [
    http.get(
      '/api/mail-channel/',
      agent(() => ok({ items: HELPDESKS.map((hd) => publicChannel(hd.hd_id)) })),
    ),
    http.put(
      '/api/mail-channel/{hd_id}/',
      agent(async (info) => {
        const desk = deskOf(info);
        if (!desk) return fail(404, 'Not Found', NO_DESK);
        const body = await bodyOf(info.request);
        const current = channelOf(desk.hd_id);
        const address = body.address === null ? null : text(body.address).trim() || null;
        const { imap, fields } = readImap(body.imap, current.imap);
        if (desk.object_type !== 'T' && (address !== null || imap !== null)) {
          fields.address = 'Mail comes in as tickets: only ticket help desks take mail.';
        }
        if (address !== null && !validEmail(address)) {
          fields.address = 'Enter a valid email address.';
        }
        if (Object.keys(fields).length > 0) {
          return fail(400, 'Bad Request', 'Validation failed', fields);
        }
        const other = db.mailChannels.find(
          (c) => c.hd_id !== desk.hd_id && c.address?.toLowerCase() === address?.toLowerCase(),
        );
        if (address !== null && other) {
          const message = `${address} is already the address of ${publicChannel(other.hd_id).hd_name}.`;
          return fail(409, 'Conflict', message, { address: message });
        }
        const next: MockChannel = { ...current, address, imap };
        if (!imap) {
          next.last_poll_at = null;
          next.last_error = null;
        }
        db.mailChannels = [...db.mailChannels.filter((c) => c.hd_id !== desk.hd_id), next];
        return ok(publicChannel(desk.hd_id));
      }),
    ),
    http.post(
      '/api/mail-channel/{hd_id}/test/',
      agent(async (info) => {
        const desk = deskOf(info);
        if (!desk) return fail(404, 'Not Found', NO_DESK);
        const body = await bodyOf(info.request);
        const stored = channelOf(desk.hd_id).imap;
        const given = readImap(body.imap, stored);
        if (Object.keys(given.fields).length > 0) {
          return fail(400, 'Bad Request', 'Validation failed', given.fields);
        }
        const imap = given.imap ?? stored;
        if (!imap) return fail(400, 'Bad Request', 'This help desk has no IMAP mailbox to test.');
        return ok(connect(imap));
      }),
    ),
  ];
}
