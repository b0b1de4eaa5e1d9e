// The OpenAPI 3.1 document of /api, built from the routes themselves: each
// route's doc(), body(), query() and idParam() (contract.ts) carry the same
// zod schemas that validate the request and type the answer.
import type { Hono } from 'hono';
import type { BlankSchema, Env } from 'hono/types';
import { z } from 'zod';
import { errorSchema } from '#domain/schemas/answers.ts';
import { contractPart, type OtherResponse, type RouteDoc } from './contract.ts';

/** Any Hono app: only its `routes` are read. */
type AnyHono = Pick<Hono<Env, BlankSchema, string>, 'routes'>;

export interface DocumentedRoute {
  method: string;
  /** Hono's path, e.g. /api/candidates/:id */
  path: string;
  doc: RouteDoc;
  inputs: { json?: z.ZodType; query?: z.ZodType; param?: z.ZodType };
}

/** Every route that has a doc(), with its inputs, in registration order. */
export function documentedRoutes(app: AnyHono): DocumentedRoute[] {
  const byRoute = new Map<string, DocumentedRoute>();
  for (const route of app.routes) {
    const handler = (route.handler as { __COMPOSED_HANDLER?: unknown }).__COMPOSED_HANDLER ?? route.handler;
    const part = contractPart(handler);
    if (!part) continue;
    const key = `${route.method} ${route.path}`;
    const entry = byRoute.get(key) ?? { method: route.method, path: route.path, doc: undefined as unknown as RouteDoc, inputs: {} };
    if (part.kind === 'doc') entry.doc = part.doc;
    else entry.inputs[part.target] = part.schema;
    byRoute.set(key, entry);
  }
  return [...byRoute.values()].filter((route) => route.doc);
}

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Record<string, unknown>;

const STATUS_TEXT: Record<number, string> = {
  200: 'OK', 201: 'Created', 202: 'Accepted', 204: 'No content', 302: 'Redirect', 303: 'See other',
};

function operation(route: DocumentedRoute) {
  const { doc, inputs } = route;
  const parameters: unknown[] = [];
  for (const name of route.path.match(/:(\w+)/g) ?? []) {
    parameters.push({ name: name.slice(1), in: 'path', required: true, schema: { type: 'string' } });
  }
  if (inputs.query) {
    const query = jsonSchema(inputs.query, 'input') as { properties?: Record<string, unknown>; required?: string[] };
    for (const [name, schema] of Object.entries(query.properties ?? {})) {
      parameters.push({ name, in: 'query', required: query.required?.includes(name) ?? false, schema });
    }
  }
  const status = doc.status ?? 200;
  const contentOf = (response: z.ZodType | OtherResponse) => ('contentType' in response
    ? { [response.contentType]: { schema: { type: 'string', description: response.description } } }
    : { 'application/json': { schema: jsonSchema(response, 'output') } });
  const content = contentOf(doc.response);
  const headers = doc.headers
    ? Object.fromEntries(Object.entries(doc.headers).map(([name, description]) => [name, { description, schema: { type: 'string' } }]))
    : undefined;
  const segment = route.path.split('/')[2] ?? 'api';
  return {
    summary: doc.summary,
    tags: [doc.tag ?? segment],
    ...(doc.access === 'public' ? { security: [] } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(inputs.json ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(inputs.json, 'input') } } } } : {}),
    ...(doc.requestBody ? { requestBody: { required: true, content: contentOf(doc.requestBody) } } : {}),
    responses: {
      [status]: { description: STATUS_TEXT[status] ?? 'Success', ...(status === 204 ? {} : { content }), ...(headers ? { headers } : {}) },
      ...Object.fromEntries(Object.entries(doc.alsoAnswers ?? {}).map(([other, response]) =>
        [other, { description: STATUS_TEXT[Number(other)] ?? 'Success', content: contentOf(response!) }])),
      default: { description: 'An error: the English text, its code (a key of the catalogue\'s errors) and params, and the field it is about', content: { 'application/json': { schema: jsonSchema(errorSchema, 'output') } } },
    },
    ...(doc.access === 'admin' ? { description: 'Admins only.' } : {}),
  };
}

export function openApiDocument(app: AnyHono, serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of documentedRoutes(app)) {
    const path = route.path.replace(/:(\w+)/g, '{$1}');
    (paths[path] ??= {})[route.method.toLowerCase()] = operation(route);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Talentloop API',
      version: '1',
      description: 'Every /api route of Talentloop. Signed-in routes use the session cookie set by POST /api/auth/login (and /api/auth/verify-2fa).',
    },
    servers: [{ url: serverUrl }],
    components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'talentloop.session_token' } } },
    security: [{ session: [] }],
    paths,
  };
}
