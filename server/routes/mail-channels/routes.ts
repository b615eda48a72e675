// Mail channels (helpdesk agents only): each help desk's address and the IMAP mailbox polled
// for it, and "test connection". Contract: docs/api-mail.md. Mailbox passwords are stored
// encrypted (server/mail/secret.ts) and never returned: `has_password` says whether there is one.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { withUserTransaction } from '../../db/transaction.js';
import type { AppContext } from '../../lib/context.js';
import { HttpError } from '../../lib/http-error.js';
import { fill, requestLanguage, translate } from '../../lib/i18n.js';
import { oneLine } from '../../lib/one-line.js';
import { M, authenticated, errors, ok, ref, success } from '../../lib/schemas.js';
import { routesWith } from '../../lib/typed-routes.js';
import { checkImapConnection } from '../../mail/imap-check.js';
import { secretBox } from '../../mail/secret.js';
import { currentUser, requestActor } from '../../plugins/auth.js';
import { AGENTS_ONLY } from '../records/record-access.js';
import * as sql from './sql.js';

export const NO_DESK = 'Help desk not found.';
export const NO_MAILBOX = 'This help desk has no IMAP mailbox to test.';
export const TICKET_DESKS_ONLY = 'Mail comes in as tickets: only ticket help desks take mail.';
export const PASSWORD_REQUIRED = 'Password is required.';
const ADDRESS_JUST_TAKEN = 'Another help desk has just taken this address.';

const nullableStr = { type: ['string', 'null'] } as const;

const imapRead = {
  type: ['object', 'null'],
  required: ['host', 'port', 'tls', 'user', 'folder', 'has_password'],
  properties: {
    host: { type: 'string' },
    port: { type: 'integer' },
    tls: { type: 'boolean', description: 'true: TLS from the start (IMAPS, usually port 993)' },
    user: { type: 'string' },
    folder: { type: 'string' },
    has_password: {
      type: 'boolean',
      description: 'Whether a password is stored (it is never returned)',
    },
  },
} as const;

const itemSchema = {
  $id: 'MailChannel',
  type: 'object',
  required: ['hd_id', 'hd_name', 'object_type', 'address', 'imap', 'last_poll_at', 'last_error'],
  properties: {
    hd_id: { type: 'integer' },
    hd_name: { type: 'string' },
    object_type: { type: 'string', enum: ['T', 'C'] },
    address: {
      ...nullableStr,
      description: 'Mail to this address becomes a ticket in this help desk',
    },
    imap: imapRead,
    last_poll_at: { type: ['string', 'null'], format: 'date-time' },
    last_error: { ...nullableStr, description: 'Why the latest poll failed, if it did' },
  },
} as const;

/** The mailbox settings as written (PUT and test): `password` omitted keeps the stored one. */
const imapWriteProperties = {
  host: {
    type: 'string',
    minLength: 1,
    maxLength: 253,
    pattern: '^[A-Za-z0-9._:\\[\\]-]+$',
    [M]: { pattern: 'Enter a host name or IP address.', default: 'IMAP host is required.' },
  },
  port: {
    type: 'integer',
    minimum: 1,
    maximum: 65535,
    [M]: 'Port must be 1 to 65535.',
  },
  tls: { type: 'boolean', [M]: 'TLS must be true or false.' },
  user: {
    type: 'string',
    minLength: 1,
    maxLength: 254,
    pattern: '\\S',
    ...oneLine,
    [M]: 'User name is required.',
  },
  password: {
    type: 'string',
    minLength: 1,
    maxLength: 1000,
    [M]: { maxLength: 'Password must be at most 1,000 characters.', default: PASSWORD_REQUIRED },
  },
  folder: {
    type: 'string',
    minLength: 1,
    maxLength: 200,
    pattern: '\\S',
    ...oneLine,
    [M]: 'Folder is required.',
    description: "Default 'INBOX'",
  },
} as const;

const imapWriteRequired = ['host', 'port', 'tls', 'user'] as const;

const hdParams = {
  type: 'object',
  required: ['hd_id'],
  properties: {
    hd_id: { type: 'integer', minimum: 1, maximum: 2147483647, [M]: 'Invalid help desk id.' },
  },
} as const;

function toItem(r: sql.ChannelRow) {
  return {
    hd_id: r.hd_id,
    hd_name: r.hd_name,
    object_type: r.object_type,
    address: r.address,
    imap:
      r.imap_host === null
        ? null
        : {
            host: r.imap_host,
            port: r.imap_port ?? 993,
            tls: r.imap_tls ?? true,
            user: r.imap_user ?? '',
            folder: r.imap_folder ?? 'INBOX',
            has_password: r.imap_password !== null,
          },
    last_poll_at: r.last_poll_at ? r.last_poll_at.toISOString() : null,
    last_error: r.last_error,
  };
}

export function mailChannelRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = routesWith(server, itemSchema);
  const preHandler = async (request: FastifyRequest) => {
    if (!currentUser(request).user_is_hde) throw new HttpError(403, AGENTS_ONLY);
  };
  const secrets = secretBox(ctx.db, ctx.config.mailSecretKey);
  const tags = ['mail channels'];

  async function desk(hdId: number): Promise<sql.ChannelRow> {
    const row = await sql.getChannel(ctx.db, hdId);
    if (!row) throw new HttpError(404, NO_DESK);
    return row;
  }

  app.get(
    '/mail-channel/',
    {
      config: { role: 'admin' },
      preHandler,
      schema: {
        tags,
        summary: 'Every help desk with its mail address and mailbox (administrators only)',
        security: authenticated,
        response: {
          200: ok({
            type: 'object',
            required: ['items'],
            properties: { items: { type: 'array', items: ref(itemSchema) } },
          }),
          ...errors(401, 403),
        },
      },
    },
    async () => {
      const rows = await sql.listChannels(ctx.db);
      return success({ items: rows.map(toItem) });
    },
  );

  app.put(
    '/mail-channel/:hd_id/',
    {
      config: { role: 'admin' },
      preHandler,
      schema: {
        tags,
        summary:
          "Set a help desk's address and mailbox (null: none); 409 when the address is taken",
        security: authenticated,
        params: hdParams,
        body: {
          type: 'object',
          required: ['address', 'imap'],
          properties: {
            address: {
              type: ['string', 'null'],
              format: 'email',
              maxLength: 254,
              [M]: 'Enter a valid email address.',
            },
            imap: {
              type: ['object', 'null'],
              required: imapWriteRequired,
              properties: imapWriteProperties,
              [M]: 'IMAP settings must be an object or null.',
            },
          },
        },
        response: { 200: ok(ref(itemSchema)), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const hdId = request.params.hd_id;
      const current = await desk(hdId);
      const address = request.body.address?.trim() || null;
      const imap = request.body.imap;
      if (current.object_type !== 'T' && (address !== null || imap !== null)) {
        throw new HttpError(400, 'Validation failed', { address: TICKET_DESKS_ONLY });
      }
      if (imap && imap.password === undefined && current.imap_password === null) {
        throw new HttpError(400, 'Validation failed', { 'imap.password': PASSWORD_REQUIRED });
      }
      const taken = async () => {
        const other = address && (await sql.deskWithAddress(ctx.db, address, hdId));
        return other
          ? new HttpError(
              409,
              fill('{{address}} is already the address of {{desk}}.', { address, desk: other }),
              {
                address: fill('{{address}} is already the address of {{desk}}.', {
                  address,
                  desk: other,
                }),
              },
            )
          : undefined;
      };
      const conflict = await taken();
      if (conflict) throw conflict;
      const sealed = imap?.password === undefined ? undefined : await secrets.seal(imap.password);
      const saved = await withUserTransaction(ctx.db, requestActor(request), (tx) =>
        sql.saveChannel(tx, hdId, {
          address,
          imap: imap && {
            host: imap.host.trim(),
            port: imap.port,
            tls: imap.tls,
            user: imap.user.trim(),
            password: sealed,
            folder: imap.folder?.trim() || 'INBOX',
          },
        }),
      );
      // Another desk took the address between our check and our write.
      if (!saved)
        throw (
          (await taken()) ?? new HttpError(409, ADDRESS_JUST_TAKEN, { address: ADDRESS_JUST_TAKEN })
        );
      return success(toItem(await desk(hdId)));
    },
  );

  app.post(
    '/mail-channel/:hd_id/test/',
    {
      config: { role: 'admin' },
      preHandler,
      // No body at all means "test the stored settings", like an empty object.
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: {
        tags,
        summary:
          'Try a mailbox (the given settings, else the stored ones): connect, log in, open the folder',
        description:
          '`ok: false` with a message saying which step failed: "Could not connect to HOST:PORT: ' +
          '...", "TLS handshake failed: ...", "Login failed for USER: ...", "Folder X does not ' +
          'exist"; `ok: true`: "Connected; folder X has N messages."',
        security: authenticated,
        params: hdParams,
        body: {
          type: 'object',
          properties: {
            imap: {
              type: 'object',
              required: imapWriteRequired,
              properties: imapWriteProperties,
              [M]: 'IMAP settings must be an object.',
            },
          },
        },
        response: {
          200: ok({
            type: 'object',
            required: ['ok', 'message'],
            properties: { ok: { type: 'boolean' }, message: { type: 'string' } },
          }),
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const current = await desk(request.params.hd_id);
      const given = request.body.imap;
      const stored =
        current.imap_host === null
          ? undefined
          : {
              host: current.imap_host,
              port: current.imap_port ?? 993,
              tls: current.imap_tls ?? true,
              user: current.imap_user ?? '',
              folder: current.imap_folder ?? 'INBOX',
            };
      const settings = given ? { ...given, folder: given.folder?.trim() || 'INBOX' } : stored;
      if (!settings) throw new HttpError(400, NO_MAILBOX);
      let password = given?.password;
      if (password === undefined) {
        if (current.imap_password === null) {
          throw new HttpError(400, 'Validation failed', { 'imap.password': PASSWORD_REQUIRED });
        }
        try {
          password = await secrets.open(current.imap_password);
        } catch (err) {
          return success({ ok: false, message: (err as Error).message });
        }
      }
      const data = await checkImapConnection({ ...settings, password });
      // Not an error body, so the localize hook leaves it: put it in the caller's language here.
      return success({ ...data, message: translate(requestLanguage(request), data.message) });
    },
  );
}
