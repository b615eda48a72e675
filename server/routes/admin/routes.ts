// The administrators' calls (config: { role: 'admin' }: anyone else signed in gets 403):
// help desks (restricted to members or open to every agent) and users (invite, roles,
// deactivate). docs/api-admin.md.
import type { FastifyInstance } from 'fastify';
import { withTransaction } from '../../db/transaction.js';
import type { AppContext } from '../../lib/context.js';
import { HttpError } from '../../lib/http-error.js';
import { newOneTimeToken } from '../../lib/one-time-token.js';
import {
  M,
  authenticated,
  emailField,
  errors,
  fullnameField,
  ok,
  ref,
  smallIdParams,
  idParams,
  success,
} from '../../lib/schemas.js';
import { routesWith } from '../../lib/typed-routes.js';
import { currentUser } from '../../plugins/auth.js';
import { inviteMail } from './invite-mail.js';
import * as sql from './sql.js';

export const MESSAGES = {
  deskNotFound: 'This help desk does not exist.',
  userNotFound: 'This user does not exist.',
  members: 'Choose active helpdesk agents as members.',
  noMembers: 'A restricted help desk needs at least one member.',
  emailTaken: 'An account with this email address already exists.',
  role: 'Role must be user, agent or admin.',
  language: 'Language must be en or es.',
  ownAdmin: 'You cannot remove your own administrator role.',
  ownDeactivate: 'You cannot deactivate your own account.',
  flag: 'Must be true or false.',
} as const;

/** An invitation's link lasts longer than a reset's hour: the invitee may read it days later. */
const INVITE_TOKEN_TTL_MINUTES = 7 * 24 * 60;

const deskSchema = {
  $id: 'AdminHelpdesk',
  type: 'object',
  required: ['id', 'name', 'object_type', 'parent_id', 'restricted', 'members', 'reviewers'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    object_type: { type: 'string', enum: ['T', 'C'] },
    parent_id: { type: ['integer', 'null'] },
    restricted: { type: 'boolean' },
    members: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'fullname'],
        properties: { id: { type: 'integer' }, fullname: { type: 'string' } },
      },
    },
    reviewers: {
      description:
        "A content desk's named reviewers (docs/knowledge-review.md); none: every agent reviews",
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'fullname'],
        properties: { id: { type: 'integer' }, fullname: { type: 'string' } },
      },
    },
  },
} as const;

const userSchema = {
  $id: 'AdminUser',
  type: 'object',
  required: [
    'id',
    'fullname',
    'email',
    'user_is_hde',
    'user_is_admin',
    'language',
    'confirmed',
    'active',
  ],
  properties: {
    id: { type: 'integer' },
    fullname: { type: 'string' },
    email: { type: 'string' },
    user_is_hde: { type: 'boolean' },
    user_is_admin: { type: 'boolean' },
    language: { type: 'string', enum: ['en', 'es'] },
    confirmed: { type: 'boolean' },
    active: { type: 'boolean' },
  },
} as const;

const flag = { type: 'boolean', [M]: MESSAGES.flag } as const;

const toUser = (u: sql.AdminUserRow) => ({ ...u, id: Number(u.id) });

export function adminRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = routesWith(server, deskSchema, userSchema);
  const tags = ['admin'];
  const config = { role: 'admin' } as const;

  app.get(
    '/admin/helpdesks/',
    {
      config,
      schema: {
        tags,
        summary: 'Every help desk with its restriction and members (administrators only)',
        security: authenticated,
        response: {
          200: ok({
            type: 'object',
            required: ['items'],
            properties: { items: { type: 'array', items: ref(deskSchema) } },
          }),
          ...errors(401, 403),
        },
      },
    },
    async () => success({ items: await sql.listDesks(ctx.db) }),
  );

  app.put(
    '/admin/helpdesks/:id/',
    {
      config,
      schema: {
        tags,
        summary:
          'Restrict a help desk to its member agents, or open it to every agent (administrators only)',
        security: authenticated,
        params: smallIdParams,
        body: {
          type: 'object',
          required: ['restricted', 'member_ids'],
          properties: {
            restricted: flag,
            member_ids: {
              type: 'array',
              maxItems: 1000,
              uniqueItems: true,
              items: { type: 'integer', minimum: 1, maximum: 9007199254740991 },
              [M]: MESSAGES.members,
            },
          },
        },
        response: { 200: ok(ref(deskSchema)), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { restricted, member_ids: memberIds } = request.body;
      const id = request.params.id;
      const me = currentUser(request);
      const desk = await withTransaction(ctx.db, async (tx) => {
        const before = await sql.getDesk(tx, id);
        if (!before) throw new HttpError(404, MESSAGES.deskNotFound);
        if ((await sql.countAgents(tx, memberIds)) !== memberIds.length) {
          throw new HttpError(400, 'Validation failed', { member_ids: MESSAGES.members });
        }
        if (restricted && memberIds.length === 0) {
          throw new HttpError(400, 'Validation failed', { member_ids: MESSAGES.noMembers });
        }
        await sql.setDesk(tx, id, restricted, memberIds);
        await sql.adminEvent(tx, {
          actorId: me.id,
          action: 'helpdesk_access_changed',
          target: 'helpdesk',
          targetId: id,
          details: {
            from: { restricted: before.restricted, member_ids: before.members.map((m) => m.id) },
            to: { restricted, member_ids: memberIds },
          },
        });
        const after = await sql.getDesk(tx, id);
        if (!after) throw new HttpError(404, MESSAGES.deskNotFound);
        return after;
      });
      return success(desk);
    },
  );

  app.get(
    '/admin/users/',
    {
      config,
      schema: {
        tags,
        summary: 'Users by name with their roles, a page at a time (administrators only)',
        security: authenticated,
        querystring: {
          type: 'object',
          properties: {
            page: {
              type: 'integer',
              minimum: 1,
              maximum: 100000,
              default: 1,
              [M]: 'Invalid page.',
            },
            text: { type: 'string', maxLength: 100, [M]: 'Text must be at most 100 characters.' },
          },
        },
        response: {
          200: ok({
            type: 'object',
            required: ['items', 'total', 'page', 'page_size'],
            properties: {
              items: { type: 'array', items: ref(userSchema) },
              total: { type: 'integer' },
              page: { type: 'integer' },
              page_size: { type: 'integer' },
            },
          }),
          ...errors(400, 401, 403),
        },
      },
    },
    async (request) => {
      const pageSize = 50;
      const page = request.query.page ?? 1;
      const text = request.query.text?.trim();
      const { rows, total } = await sql.listUsers(ctx.db, {
        text: text || undefined,
        limit: pageSize,
        offset: (page - 1) * pageSize,
      });
      return success({ items: rows.map(toUser), total, page, page_size: pageSize });
    },
  );

  app.post(
    '/admin/users/',
    {
      config,
      schema: {
        tags,
        summary:
          'Invite someone: an account with a role and a mailed link to choose a password (administrators only)',
        security: authenticated,
        body: {
          type: 'object',
          required: ['fullname', 'email', 'role'],
          properties: {
            fullname: fullnameField,
            email: emailField,
            role: { type: 'string', enum: ['user', 'agent', 'admin'], [M]: MESSAGES.role },
            language: { type: 'string', enum: ['en', 'es'], [M]: MESSAGES.language },
          },
        },
        response: { 200: ok(ref(userSchema)), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const b = request.body;
      const language = b.language ?? me.language;
      const { token, hash } = newOneTimeToken();
      // Nobody knows this password: the invitee chooses theirs through the link.
      const passwordHash = await ctx.hasher.hash(newOneTimeToken().token);
      const user = await withTransaction(ctx.db, async (tx) => {
        const made = await sql.insertInvited(tx, {
          fullname: b.fullname.trim(),
          email: b.email.trim().toLowerCase(),
          passwordHash,
          language,
          hde: b.role !== 'user',
          admin: b.role === 'admin',
        });
        if (!made) throw new HttpError(400, 'Validation failed', { email: MESSAGES.emailTaken });
        await tx.query(
          `INSERT INTO account_tokens (token_hash, user_id, purpose, expires)
           VALUES ($1, $2, 'reset', now() + make_interval(mins => $3))`,
          [hash, made.id, INVITE_TOKEN_TTL_MINUTES],
        );
        await sql.adminEvent(tx, {
          actorId: me.id,
          action: 'user_invited',
          target: 'user',
          targetId: Number(made.id),
          details: { role: b.role },
        });
        return made;
      });
      const link = `${ctx.config.publicUrl}/auth/reset-password?token=${token}`;
      await ctx.mailer.send(user.email, inviteMail(language, user.fullname, me.fullname, link));
      return success(toUser(user));
    },
  );

  app.put(
    '/admin/users/:id/',
    {
      config,
      schema: {
        tags,
        summary:
          "Change a user's roles or deactivate / reactivate them (fields not sent stay; administrators only)",
        security: authenticated,
        params: idParams,
        body: {
          type: 'object',
          properties: { user_is_hde: flag, user_is_admin: flag, active: flag },
        },
        response: { 200: ok(ref(userSchema)), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const id = request.params.id;
      const b = request.body;
      const user = await withTransaction(ctx.db, async (tx) => {
        const before = await sql.getUser(tx, id);
        if (!before) throw new HttpError(404, MESSAGES.userNotFound);
        // An administrator is an agent: making one an admin makes them an agent, and taking the
        // agent role away takes the admin role too.
        let admin = b.user_is_admin ?? before.user_is_admin;
        let hde = b.user_is_hde ?? before.user_is_hde;
        if (b.user_is_admin === true) hde = true;
        if (b.user_is_hde === false) admin = false;
        const active = b.active ?? before.active;
        if (id === me.id && !admin) throw new HttpError(409, MESSAGES.ownAdmin);
        if (id === me.id && !active) throw new HttpError(409, MESSAGES.ownDeactivate);
        await sql.updateUser(tx, id, { hde, admin, active });
        const changes = {
          user_is_hde: [before.user_is_hde, hde],
          user_is_admin: [before.user_is_admin, admin],
          active: [before.active, active],
        };
        for (const [field, [from, to]] of Object.entries(changes)) {
          if (from === to) continue;
          await sql.adminEvent(tx, {
            actorId: me.id,
            action: `user_${field}_changed`,
            target: 'user',
            targetId: id,
            details: { from, to },
          });
        }
        const after = await sql.getUser(tx, id);
        if (!after) throw new HttpError(404, MESSAGES.userNotFound);
        return after;
      });
      // Other processes hear of it through session_changes (migration 016); this one at once.
      ctx.sessions.forgetUser(id);
      return success(toUser(user));
    },
  );
}
