// How a feature's routes get their TypeScript types: from their JSON schemas, through Fastify's
// json-schema-to-ts type provider (docs/api.md "Server: adding a route" says why this one).
// The schemas stay plain JSON Schema objects, which are also what validates, serializes and
// writes the OpenAPI document; nothing is typed twice.
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { JSONSchema } from 'json-schema-to-ts';
import type { sharedSchemas } from './schemas.js';

type NamedShape = JSONSchema & { readonly $id: string };

type Provider<Shapes extends readonly NamedShape[]> = JsonSchemaToTsProvider<{
  ValidatorSchemaOptions: { references: [...typeof sharedSchemas, ...Shapes] };
  SerializerSchemaOptions: { references: [...typeof sharedSchemas, ...Shapes] };
}>;

/** The app a feature's routes are declared on (see `routesWith`). */
export type TypedApp<Shapes extends readonly NamedShape[] = []> = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  Provider<Shapes>
>;

/**
 * Registers the named shapes a feature's schemas `$ref` (`app.addSchema`) and answers the app
 * whose handlers take `request.body`, `params`, `query` and the reply from `schema`.
 */
export function routesWith<const Shapes extends readonly NamedShape[]>(
  app: FastifyInstance,
  ...shapes: Shapes
): TypedApp<Shapes> {
  for (const shape of shapes) app.addSchema(shape);
  return app.withTypeProvider<Provider<Shapes>>();
}

/**
 * `routesWith` for a feature whose schemas also `$ref` shapes another feature registers (a shape
 * is registered once): those are listed first, for their types only, and must already be
 * registered (that feature comes first in app.ts), else the app refuses to build.
 */
export function routesReferring<
  const Elsewhere extends readonly NamedShape[],
  const Own extends readonly NamedShape[],
>(
  app: FastifyInstance,
  registeredElsewhere: Elsewhere,
  ...own: Own
): TypedApp<[...Own, ...Elsewhere]> {
  for (const shape of registeredElsewhere) {
    if (!app.getSchema(shape.$id)) {
      throw new Error(`Shape ${shape.$id} is not registered yet: register its routes first.`);
    }
  }
  routesWith(app, ...own);
  return app.withTypeProvider<Provider<[...Own, ...Elsewhere]>>();
}
