// GET /api/openapi.json: the OpenAPI 3.1 document built from the routes
// themselves. Every route of the app must be in it with the schema of its
// answer, so a route added without doc() fails here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startTestApp, type TestApp } from '../support/harness.ts';

let app: TestApp;

beforeAll(async () => { app = await startTestApp(); });
afterAll(async () => { await app?.close(); });

const mediaSchema = z.object({ schema: z.record(z.string(), z.unknown()) });
const operationSchema = z.object({
  summary: z.string().min(1),
  tags: z.array(z.string()).min(1),
  responses: z.record(z.string(), z.object({ description: z.string(), content: z.record(z.string(), mediaSchema).optional() })),
  security: z.array(z.unknown()).optional(),
});
const documentSchema = z.object({
  openapi: z.literal('3.1.0'),
  info: z.object({ title: z.string(), version: z.string() }),
  servers: z.array(z.object({ url: z.string() })).min(1),
  components: z.object({ securitySchemes: z.record(z.string(), z.unknown()) }),
  paths: z.record(z.string(), z.partialRecord(z.enum(['get', 'post', 'put', 'patch', 'delete']), operationSchema)),
});
type Operation = z.infer<typeof operationSchema>;

/** Its success answer (a redirect, e.g. a tracked link, counts): a 204 has no body; any other needs a schema that says something. */
function describesAnswer(operation: Operation): boolean {
  const success = Object.entries(operation.responses).filter(([status]) => /^(2\d\d|30[23])$/.test(status));
  return success.length > 0 && success.every(([status, response]) => status === '204'
    || Object.values(response.content ?? {}).some((media) => Object.keys(media.schema).length > 0));
}

async function openApi() {
  const response = await app.client().get('/api/openapi.json');
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('application/json');
  return documentSchema.parse(response.json);
}

describe('GET /api/openapi.json', () => {
  it('answers an OpenAPI 3.1 document, without signing in', async () => {
    const document = await openApi();
    expect(document.info.title).toBe('Talentloop API');
    expect(Object.keys(document.paths).length).toBeGreaterThan(10);
    // Path parameters in OpenAPI's form.
    expect(Object.keys(document.paths).filter((path) => path.includes(':'))).toEqual([]);
  });

  it('has every route of the app, each with the schema of its answer', async () => {
    const document = await openApi();
    // Routes with a handler: registered for a method. `.use()` middleware is registered for ALL.
    const routes = [...new Set(app.api.routes.filter((route) => route.method !== 'ALL').map((route) => `${route.method} ${route.path}`))];
    expect(routes.length).toBeGreaterThanOrEqual(50);
    const undocumented = routes.filter((route) => {
      const [method, path] = route.split(' ');
      const operation = document.paths[path.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase() as 'get'];
      return !operation || !describesAnswer(operation);
    });
    expect(undocumented, 'routes without doc() (edge-functions/contract.ts)').toEqual([]);
  });

  it('describes the people routes by the same schemas that check their answers', async () => {
    const document = await openApi();
    const detail = document.paths['/api/candidates/{id}'].get!.responses['200'].content!['application/json'].schema as {
      properties: { messages: { items: { properties: { direction: { enum: string[] } } } } };
    };
    expect(detail.properties.messages.items.properties.direction.enum).toEqual(['in', 'out']);
    const csv = document.paths['/api/imports/{id}/report.csv'].get!.responses['200'].content!;
    expect(Object.keys(csv)).toEqual(['text/csv']);
    // Anyone may call it: the token is the credential.
    expect(document.paths['/api/unsubscribe/{token}'].post!.security).toEqual([]);
  });
});
