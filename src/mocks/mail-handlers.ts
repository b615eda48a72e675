import type { ConnectionTest, MailChannel } from '../features/mail-channels/types';
import { adminsOnly } from './admin-handlers';
import { db } from './db';
import { bodyOf, fail, http, ok } from './http';
import type { MockChannel } from './mail-data';
import { HELPDESKS } from './records-data';

const text = (value: unknown) => (typeof value === 'string' ? value : '');
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

type ImapInput = Omit<Imap, 'password' | 'folder'> & { password?: string; folder?: string };

/** The mail channels page (helpdesk agents only): list, save, test connection. */
export function mailHandlers() {
  type Info = { request: Request; params: { hd_id?: string | number } };
  /** Administrators only (403 otherwise): they configure the channels. */
  const agent = <I extends { request: Request }, Answer>(handler: (info: I) => Answer) =>
    adminsOnly((_user, info: I) => handler(info));
  const deskOf = (info: Info) => HELPDESKS.find((hd) => hd.hd_id === Number(info.params.hd_id));
  const invalid = (fields: Record<string, string>) =>
    fail(400, 'Bad Request', 'Validation failed', fields);
  // Ticket desks first, each kind by the desks' order and name (as the server lists them).
  const listed = [...HELPDESKS].sort(
    (a, b) =>
      (a.object_type === b.object_type ? 0 : a.object_type === 'T' ? -1 : 1) ||
      a.sort_order - b.sort_order ||
      (a.hd_name < b.hd_name ? -1 : a.hd_name > b.hd_name ? 1 : 0),
  );

  return [
    http.get(
      '/api/mail-channel/',
      agent(() => ok({ items: listed.map((hd) => publicChannel(hd.hd_id)) })),
    ),
    http.put(
      '/api/mail-channel/{hd_id}/',
      agent(async (info) => {
        const desk = deskOf(info);
        if (!desk) return fail(404, 'Not Found', NO_DESK);
        const body = await bodyOf(info.request);
        const current = channelOf(desk.hd_id);
        const address = text(body.address).trim() || null;
        const given = body.imap as ImapInput | null;
        if (desk.object_type !== 'T' && (address !== null || given !== null)) {
          return invalid({
            address: 'Mail comes in as tickets: only ticket help desks take mail.',
          });
        }
        if (given && given.password === undefined && !current.imap?.password) {
          return invalid({ 'imap.password': 'Password is required.' });
        }
        const other = db.mailChannels.find(
          (c) =>
            c.hd_id !== desk.hd_id &&
            !!address &&
            c.address?.toLowerCase() === address.toLowerCase(),
        );
        if (address !== null && other) {
          const message = `${address} is already the address of ${publicChannel(other.hd_id).hd_name}.`;
          return fail(409, 'Conflict', message, { address: message });
        }
        const imap: Imap | null = given && {
          host: given.host.trim(),
          port: given.port,
          tls: given.tls,
          user: given.user.trim(),
          password: given.password ?? current.imap?.password ?? null,
          folder: given.folder?.trim() || 'INBOX',
        };
        // Without a mailbox the poll state is cleared.
        const next: MockChannel = imap
          ? { ...current, address, imap }
          : { ...current, address, imap, last_poll_at: null, last_error: null };
        db.mailChannels = [...db.mailChannels.filter((c) => c.hd_id !== desk.hd_id), next];
        return ok(publicChannel(desk.hd_id));
      }),
    ),
    http.post(
      '/api/mail-channel/{hd_id}/test/',
      agent(async (info) => {
        const desk = deskOf(info);
        if (!desk) return fail(404, 'Not Found', NO_DESK);
        const given = (await bodyOf(info.request)).imap as ImapInput | undefined;
        const stored = channelOf(desk.hd_id).imap;
        const settings = given
          ? { ...given, password: given.password ?? null, folder: given.folder?.trim() || 'INBOX' }
          : stored;
        if (!settings)
          return fail(400, 'Bad Request', 'This help desk has no IMAP mailbox to test.');
        const password = settings.password ?? stored?.password ?? null;
        if (!password) return invalid({ 'imap.password': 'Password is required.' });
        return ok(connect({ ...settings, password }));
      }),
    ),
  ];
}
