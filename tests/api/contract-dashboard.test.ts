// The dashboard API keeps its contract: each endpoint of its route file is called
// on the real API and database, and its real answer parses with the schema the
// route documents (found through documentedRoutes, as /api/openapi.json
// publishes it), with the documented status.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardSchema } from '#domain/dashboard/schemas.ts';
import { dashboardRoutes } from '#edge-functions/routes/dashboard.ts';
import { Contract } from '../support/contract.ts';
import { login, makeUser } from '../support/auth-users.ts';
import { startTestApp, type TestApp, type TestClient } from '../support/harness.ts';
import { newCandidate } from '../support/test-data.ts';

let app: TestApp;
let contract: Contract;

beforeAll(async () => {
  app = await startTestApp();
  contract = new Contract(app.api);
});
afterAll(async () => { await app?.close(); });

async function newRecruiter(): Promise<TestClient> {
  const client = app.client({ ip: '10.85.0.1' });
  const signedIn = await login(client, await makeUser(app));
  expect(signedIn.status, signedIn.text).toBe(200);
  return client;
}

const ENDPOINTS: Record<string, () => Promise<void>> = {
  'GET /api/dashboard': async () => {
    const client = await newRecruiter();
    const person = await newCandidate(client);
    const created = await client.post(`/api/candidates/${person.id}/messages`, { channel: 'email', subject: 'Hello', content: 'A role for you' });
    expect(created.status, created.text).toBe(201);
    await app.pools.owner.query(`update public.messages set status = 'sent', sent_at = now() where id = $1`, [created.json.message.id]);
    const answer = contract.answer('GET /api/dashboard', await client.get('/api/dashboard?period=7d&scope=me'), { schema: dashboardSchema });
    expect(answer).toMatchObject({ period: '7d', scope: 'me', kpis: { sent: 1 }, funnel: { sent: 1 } });
    expect(answer.activity).toHaveLength(7);
  },
};

const DASHBOARD_ROUTES: Array<[string, { routes: Array<{ method: string; path: string }> }]> = [['/api/dashboard', dashboardRoutes]];

describe('the dashboard API answers what it documents', () => {
  it('has a test here for every endpoint of its route file, and each is documented in the app', () => {
    const endpoints = DASHBOARD_ROUTES.flatMap(([mount, routes]) =>
      [...new Set(routes.routes.filter((route) => route.method !== 'ALL').map((route) => `${route.method} ${route.path === '/' ? mount : mount + route.path}`))]);
    expect(Object.keys(ENDPOINTS).sort()).toEqual(endpoints.sort());
    for (const endpoint of endpoints) expect(contract.has(endpoint), endpoint).toBe(true);
  });

  for (const [endpoint, test] of Object.entries(ENDPOINTS)) it(endpoint, test);
});
