// Templates for the mails and notes triggers write (docs/rules.md "Templates"): administrators
// create, edit and delete them; helpdesk agents read them and preview one with a real ticket.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FromSchema } from 'json-schema-to-ts';
import { withUserTransaction } from '../../db/transaction.js';
import type { AppContext } from '../../lib/context.js';
import { HttpError } from '../../lib/http-error.js';
import { fill } from '../../lib/i18n.js';
import { oneLine } from '../../lib/one-line.js';
import { sanitizeBody } from '../../lib/sanitize.js';
import {
  authenticated,
  errors,
  idParams,
  M,
  nameField,
  ok,
  ref,
  smallIdParams,
  success,
} from '../../lib/schemas.js';
import { routesWith } from '../../lib/typed-routes.js';
import { currentUser, requestActor } from '../../plugins/auth.js';
import { deskOpenToUser } from '../records/visibility.js';
import { loadTicketState } from '../../rules/evaluate.js';
import { templateValues, ticketFieldDefs } from '../../rules/template-values.js';
import { PLACEHOLDERS, renderTemplate } from '../../rules/templates.js';
import * as sql from './sql.js';

export const AGENTS_ONLY = 'Only helpdesk agents can see templates.';
export const NOT_FOUND = 'This template does not exist.';
export const TICKET_NOT_FOUND = 'This ticket does not exist.';

const placeholderHelp = `Placeholders: ${PLACEHOLDERS.map((p) => `{{${p}}}`).join(', ')}, {{fields.<key>}} (an active custom field of tickets)`;

const templateSchema = {
  $id: 'RuleTemplate',
  type: 'object',
  description: `A mail or note template in English and Spanish. ${placeholderHelp}`,
  required: ['id', 'name', 'subject_en', 'body_en', 'subject_es', 'body_es', 'updated_at'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    subject_en: { type: 'string' },
    body_en: { type: 'string', description: 'HTML; placeholder values are HTML-escaped in it' },
    subject_es: { type: 'string' },
    body_es: { type: 'string' },
    updated_at: { type: 'string', format: 'date-time' },
  },
} as const;

const previewSchema = {
  $id: 'RuleTemplatePreview',
  type: 'object',
  required: ['subject', 'html', 'text'],
  properties: {
    subject: { type: 'string' },
    html: { type: 'string', description: 'The HTML part, placeholder values escaped' },
    text: { type: 'string', description: 'The plain-text part' },
  },
} as const;

const subject = {
  type: 'string',
  maxLength: 200,
  ...oneLine,
  [M]: sql.TEMPLATE_MESSAGES.subject,
} as const;
const body = { type: 'string', maxLength: 100_000, [M]: sql.TEMPLATE_MESSAGES.body } as const;

const bodySchema = {
  type: 'object',
  required: ['name'],
  properties: {
    name: nameField(100, sql.TEMPLATE_MESSAGES.name),
    subject_en: subject,
    body_en: body,
    subject_es: subject,
    body_es: body,
  },
} as const;

type Body = FromSchema<typeof bodySchema>;

const input = (b: Body): sql.TemplateInput => ({
  name: b.name.trim(),
  subject_en: (b.subject_en ?? '').trim(),
  body_en: b.body_en ? sanitizeBody(b.body_en) : '',
  subject_es: (b.subject_es ?? '').trim(),
  body_es: b.body_es ? sanitizeBody(b.body_es) : '',
});

const toApi = (t: sql.TemplateRow) => ({ ...t, updated_at: t.updated_at.toISOString() });

export function templateRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = routesWith(server, templateSchema, previewSchema);
  const agentsOnly = async (request: FastifyRequest) => {
    if (!currentUser(request).user_is_hde) throw new HttpError(403, AGENTS_ONLY);
  };
  const tags = ['triggers'];
  const one = ok(ref(templateSchema));

  app.get(
    '/templates',
    {
      preHandler: agentsOnly,
      schema: {
        tags,
        summary: "The triggers' mail and note templates, by name (helpdesk agents)",
        security: authenticated,
        response: { 200: ok({ type: 'array', items: ref(templateSchema) }), ...errors(401, 403) },
      },
    },
    async () => success((await sql.listTemplates(ctx.db)).map(toApi)),
  );

  app.post(
    '/templates',
    {
      config: { role: 'admin' },
      schema: {
        tags,
        summary: `Create a template (administrators only). ${placeholderHelp}; another is a 400`,
        security: authenticated,
        body: bodySchema,
        response: { 200: one, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const t = await withUserTransaction(ctx.db, requestActor(request), (tx) =>
        sql.insertTemplate(tx, input(request.body)),
      );
      return success(toApi(t));
    },
  );

  app.post(
    '/templates/preview',
    {
      preHandler: agentsOnly,
      schema: {
        tags,
        summary:
          'A subject and body filled in for a real ticket, in a language, as a recipient would read them (helpdesk agents; nothing is saved or sent)',
        security: authenticated,
        body: {
          type: 'object',
          required: ['ticket_id', 'language'],
          properties: {
            subject,
            body,
            ticket_id: { ...idParams.properties.id, [M]: TICKET_NOT_FOUND },
            language: { type: 'string', enum: ['en', 'es'], [M]: sql.TEMPLATE_MESSAGES.language },
          },
        },
        response: { 200: ok(ref(previewSchema)), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const b = request.body;
      const user = currentUser(request);
      const texts = { subject: b.subject ?? '', body: b.body ? sanitizeBody(b.body) : '' };
      sql.checkPlaceholders(texts, await sql.fieldKeys(ctx.db));
      const { rows } = await ctx.db.query(
        `SELECT 1 FROM records r WHERE r.id = $1 AND r.object_type = 'T' AND NOT r.is_draft
            AND ${deskOpenToUser('$2::bigint', 'r.hd_id')}`,
        [b.ticket_id, user.id],
      );
      const state = rows.length ? await loadTicketState(ctx.db, b.ticket_id) : undefined;
      if (!state) throw new HttpError(404, TICKET_NOT_FOUND);
      const values = templateValues(
        ctx.config,
        state,
        await ticketFieldDefs(ctx.db),
        b.language,
        false,
      );
      return success(renderTemplate(texts, values));
    },
  );

  app.put(
    '/templates/:id',
    {
      config: { role: 'admin' },
      schema: {
        tags,
        summary: 'Edit a template (administrators only)',
        security: authenticated,
        params: smallIdParams,
        body: bodySchema,
        response: { 200: one, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const t = await withUserTransaction(ctx.db, requestActor(request), (tx) =>
        sql.updateTemplate(tx, request.params.id, input(request.body)),
      );
      if (!t) throw new HttpError(404, NOT_FOUND);
      return success(toApi(t));
    },
  );

  app.delete(
    '/templates/:id',
    {
      config: { role: 'admin' },
      schema: {
        tags,
        summary: 'Delete a template no trigger uses (administrators only; 409 while one does)',
        security: authenticated,
        params: smallIdParams,
        response: {
          200: ok({ type: 'object', required: ['id'], properties: { id: { type: 'integer' } } }),
          ...errors(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const id = request.params.id;
      await withUserTransaction(ctx.db, requestActor(request), async (tx) => {
        const users = await sql.triggersUsing(tx, id);
        if (users.length)
          throw new HttpError(
            409,
            fill('Triggers use this template: {{names}}. Change them first.', {
              names: users.join(', '),
            }),
          );
        if (!(await sql.deleteTemplate(tx, id))) throw new HttpError(404, NOT_FOUND);
      });
      return success({ id });
    },
  );
}
