// GET contact/: how to reach each ticket help desk. Contract: docs/api-overview.md "Contact".
import type { FastifyInstance } from 'fastify';
import type { FromSchema } from 'json-schema-to-ts';
import type { AppContext } from '../../lib/context.js';
import { authenticated, errors, ok, ref, success } from '../../lib/schemas.js';
import { routesReferring } from '../../lib/typed-routes.js';
import { currentUser } from '../../plugins/auth.js';
import { fieldSchema, fieldSetSchema } from '../custom-fields/routes.js';
import { listFields } from '../custom-fields/sql.js';

const str = { type: 'string' } as const;
const contactSchema = {
  $id: 'ContactDesk',
  type: 'object',
  required: ['hd_id', 'hd_name', 'email', 'phone', 'hours', 'description'],
  properties: {
    hd_id: { type: 'integer' },
    hd_name: str,
    email: str,
    phone: str,
    hours: str,
    description: str,
  },
} as const;

type ContactRow = FromSchema<typeof contactSchema>;

export function contactRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = routesReferring(server, [fieldSchema, fieldSetSchema], contactSchema);
  const desks = ok({ type: 'array', items: ref(contactSchema) });
  app.get(
    '/contact/',
    {
      schema: {
        tags: ['contact'],
        summary: 'Contact details of the ticket help desks',
        description:
          '`custom_fields`: the tickets’ custom fields as `GET /api/custom-fields?object_type=T` gives them to the caller, for the contact form (no other call).',
        security: authenticated,
        response: {
          200: {
            ...desks,
            required: [...desks.required, 'custom_fields'],
            properties: { ...desks.properties, custom_fields: ref(fieldSetSchema) },
          },
          ...errors(401),
        },
      },
    },
    async (request) => {
      // Help desks without details still appear (empty strings), in tree order.
      const [{ rows }, fields] = await Promise.all([
        ctx.db.query<ContactRow>(
          `SELECT h.id AS hd_id, h.name AS hd_name, coalesce(c.email, '') AS email,
                coalesce(c.phone, '') AS phone, coalesce(c.hours, '') AS hours,
                coalesce(c.description, '') AS description
           FROM helpdesks h
           LEFT JOIN helpdesks parent ON parent.id = h.parent_id
           LEFT JOIN helpdesk_contacts c ON c.hd_id = h.id
          WHERE h.object_type = 'T'
          ORDER BY coalesce(parent.sort_order, h.sort_order), h.parent_id NULLS FIRST,
                   h.sort_order`,
        ),
        listFields(ctx.db, 'T', !currentUser(request).user_is_hde),
      ]);
      return { ...success(rows), custom_fields: fields };
    },
  );
}
