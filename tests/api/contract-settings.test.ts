// The settings API keeps its contract: every endpoint of routes/settings.ts is called
// on the real API and database, and its real answer has the status its route documents
// and parses with the schema its doc() names (found through documentedRoutes).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisationSettingsSchema, profileSettingsSchema } from '#domain/settings/schemas.ts';
import { organisationSettingsRoutes, profileSettingsRoutes } from '#edge-functions/routes/settings.ts';
import { Contract } from '../support/contract.ts';
import { signInAdmin, signInRecruiter, startTestApp, type TestApp, type TestClient } from '../support/harness.ts';

let app: TestApp;
let contract: Contract;
let recruiter: TestClient;
let admin: TestClient;

beforeAll(async () => {
  app = await startTestApp();
  contract = new Contract(app.api);
  recruiter = app.client({ ip: '10.121.0.1' });
  await signInRecruiter(recruiter);
  admin = app.client({ ip: '10.121.0.2' });
  await signInAdmin(admin);
});
afterAll(async () => { await app?.close(); });

/** One test per endpoint, keyed "METHOD /path" as the app registers it. */
const ENDPOINTS: Record<string, () => Promise<void>> = {
  'GET /api/settings/organisation': async () => {
    const answer = contract.answer('GET /api/settings/organisation', await recruiter.get('/api/settings/organisation'), { schema: organisationSettingsSchema });
    expect(answer.timeZone).toBe('Europe/Amsterdam');
  },
  'PUT /api/settings/organisation': async () => {
    const saved = await admin.send('PUT', '/api/settings/organisation', { body: { companyName: 'Acme', website: 'https://acme.example' } });
    expect(contract.answer('PUT /api/settings/organisation', saved, { schema: organisationSettingsSchema }).companyName).toBe('Acme');
    expect((await recruiter.send('PUT', '/api/settings/organisation', { body: { companyName: 'x' } })).status).toBe(403);
  },
  'GET /api/settings/profile': async () => {
    const answer = contract.answer('GET /api/settings/profile', await recruiter.get('/api/settings/profile'), { schema: profileSettingsSchema });
    expect(answer.username).toBe('recruiter');
  },
  'PUT /api/settings/profile': async () => {
    const saved = await recruiter.send('PUT', '/api/settings/profile', { body: { title: 'Recruiter', timeZone: 'Europe/Amsterdam' } });
    expect(contract.answer('PUT /api/settings/profile', saved, { schema: profileSettingsSchema }).title).toBe('Recruiter');
  },
};

/** The endpoints of the settings route file, as mounted by edge-functions/app.ts. */
const SETTINGS_ROUTES: Array<[string, { routes: Array<{ method: string; path: string }> }]> = [
  ['/api/settings/organisation', organisationSettingsRoutes], ['/api/settings/profile', profileSettingsRoutes],
];

describe('the settings API answers what it documents', () => {
  it('has a test here for every endpoint of its route file, and each is documented in the app', () => {
    const endpoints = SETTINGS_ROUTES.flatMap(([mount, routes]) =>
      [...new Set(routes.routes.filter((route) => route.method !== 'ALL').map((route) => `${route.method} ${route.path === '/' ? mount : mount + route.path}`))]);
    expect(Object.keys(ENDPOINTS).sort()).toEqual(endpoints.sort());
    for (const endpoint of endpoints) expect(contract.has(endpoint), endpoint).toBe(true);
  });

  for (const [endpoint, test] of Object.entries(ENDPOINTS)) it(endpoint, test);
});
