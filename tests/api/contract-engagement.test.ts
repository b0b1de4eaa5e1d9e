// The engagement part of the API keeps its contract: every endpoint of its route
// files is called on the real API and database, and its real answer has the
// status its route documents and parses with the schema its doc() names
// (found through documentedRoutes, as /api/openapi.json publishes it).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privacySettingsSchema } from '#domain/engagement/schemas.ts';
import { privacyRoutes, trackingRoutes } from '#edge-functions/routes/tracking.ts';
import { Contract } from '../support/contract.ts';
import { signInAdmin, signInRecruiter, startTestApp, type TestApp, type TestClient } from '../support/harness.ts';
import { newCandidate } from '../support/test-data.ts';

let app: TestApp;
let contract: Contract;
let recruiter: TestClient;
let admin: TestClient;

beforeAll(async () => {
  app = await startTestApp();
  contract = new Contract(app.api);
  recruiter = app.client({ ip: '10.81.0.1' });
  await signInRecruiter(recruiter);
  admin = app.client({ ip: '10.81.0.2' });
  await signInAdmin(admin);
});
afterAll(async () => { await app?.close(); });

/** An outbound message with one tracked link, as the delivery claim leaves it (the worker is not needed for the contract). */
async function trackedMessage(): Promise<{ token: string }> {
  const person = await newCandidate(recruiter);
  const created = await recruiter.post(`/api/candidates/${person.id}/messages`, { channel: 'email', subject: 'Hi', content: 'See https://jobs.example.org/1' });
  expect(created.status, created.text).toBe(201);
  const { rows: [row] } = await app.pools.owner.query<{ tracking_token: string }>(
    `update public.messages set tracked_links = array['https://jobs.example.org/1'] where id = $1 returning tracking_token`, [created.json.message.id]);
  return { token: row.tracking_token };
}

/** One test per endpoint, keyed "METHOD /path" as the app registers it. */
const ENDPOINTS: Record<string, () => Promise<void>> = {
  'GET /api/t/o/:token': async () => {
    const { token } = await trackedMessage();
    const pixel = await app.client({ ip: '10.81.1.1' }).get(`/api/t/o/${token}`);
    contract.answer('GET /api/t/o/:token', pixel);
  },
  'GET /api/t/c/:token': async () => {
    const { token } = await trackedMessage();
    const visitor = app.client({ ip: '10.81.1.2' });
    const click = await visitor.get(`/api/t/c/${token}?l=0`);
    contract.answer('GET /api/t/c/:token', { status: click.status, text: click.text });
    expect(click.headers.get('location')).toBe('https://jobs.example.org/1');
    contract.answer('GET /api/t/c/:token', await visitor.get(`/api/t/c/${token}?l=9`), { status: 404 });
  },
  'GET /api/settings/privacy': async () => {
    const answer = await recruiter.get('/api/settings/privacy');
    expect(contract.answer('GET /api/settings/privacy', answer, { schema: privacySettingsSchema }).trackingEnabled).toBe(true);
  },
  'PUT /api/settings/privacy': async () => {
    const off = await admin.send('PUT', '/api/settings/privacy', { body: { trackingEnabled: false } });
    expect(contract.answer('PUT /api/settings/privacy', off, { schema: privacySettingsSchema }).trackingEnabled).toBe(false);
    const on = await admin.send('PUT', '/api/settings/privacy', { body: { trackingEnabled: true } });
    expect(contract.answer('PUT /api/settings/privacy', on, { schema: privacySettingsSchema }).trackingEnabled).toBe(true);
  },
};

/** The endpoints of the engagement route files, as mounted by edge-functions/app.ts. */
const ENGAGEMENT_ROUTES: Array<[string, { routes: Array<{ method: string; path: string }> }]> = [
  ['/api/t', trackingRoutes], ['/api/settings/privacy', privacyRoutes],
];

describe('the engagement API answers what it documents', () => {
  it('has a test here for every endpoint of its route files, and each is documented in the app', () => {
    const endpoints = ENGAGEMENT_ROUTES.flatMap(([mount, routes]) =>
      [...new Set(routes.routes.filter((route) => route.method !== 'ALL').map((route) => `${route.method} ${route.path === '/' ? mount : mount + route.path}`))]);
    expect(Object.keys(ENDPOINTS).sort()).toEqual(endpoints.sort());
    for (const endpoint of endpoints) expect(contract.has(endpoint), endpoint).toBe(true);
  });

  for (const [endpoint, test] of Object.entries(ENDPOINTS)) it(endpoint, test);
});
