// The integrations API keeps its contract: every endpoint of routes/integrations.ts is called
// on the real API and database, and its real answer has the status its route documents and
// parses with the schema its doc() names (found through documentedRoutes).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrationsSchema, integrationTestResultSchema } from '#domain/integrations/schemas.ts';
import { integrationRoutes } from '#edge-functions/routes/integrations.ts';
import { Contract } from '../support/contract.ts';
import { NO_AI } from '../support/fake-openai.ts';
import { signInAdmin, signInRecruiter, startTestApp, type TestApp, type TestClient } from '../support/harness.ts';
import { OUTBOX_MAIL } from '../support/smtp-sink.ts';

let app: TestApp;
let contract: Contract;
let recruiter: TestClient;
let admin: TestClient;

beforeAll(async () => {
  // The dev outbox: a mail test that needs no server.
  app = await startTestApp({ config: { openai: NO_AI, ...OUTBOX_MAIL } });
  contract = new Contract(app.api);
  recruiter = app.client({ ip: '10.124.0.1' });
  await signInRecruiter(recruiter);
  admin = app.client({ ip: '10.124.0.2' });
  await signInAdmin(admin);
});
afterAll(async () => { await app?.close(); });

const MOUNT = '/api/settings/integrations';

/** One test per endpoint, keyed "METHOD /path" as the app registers it. */
const ENDPOINTS: Record<string, () => Promise<void>> = {
  [`GET ${MOUNT}`]: async () => {
    const answer = contract.answer(`GET ${MOUNT}`, await recruiter.get(MOUNT), { schema: integrationsSchema });
    expect(answer.integrations.map((integration) => integration.kind)).toEqual(['ai', 'mail', 'teams', 'whatsapp', 'signin']);
    // Without Microsoft Graph a recruiter's mailbox is listed, if at all, as not connected.
    expect(answer.mailboxes.every((mailbox) => mailbox.state === 'not_connected' && mailbox.errorCode === 'mailbox.no_graph')).toBe(true);
  },
  [`POST ${MOUNT}/:kind/test`]: async () => {
    const answer = contract.answer(`POST ${MOUNT}/:kind/test`, await admin.post(`${MOUNT}/mail/test`), { schema: integrationTestResultSchema });
    expect(answer).toMatchObject({ kind: 'mail', ok: true });
    expect((await recruiter.post(`${MOUNT}/mail/test`)).status).toBe(403);
  },
  // Without Microsoft Graph (this file's app) nothing reads a mailbox: 409. Its 202 answer is checked against the
  // documented schema on every call in tests/api/mailbox-state.test.ts (CHECK_API_RESPONSES).
  [`POST ${MOUNT}/mailboxes/:userId/sync`]: async () => {
    const { rows: [me] } = await app.pools.owner.query<{ id: string }>("select id from public.profiles where username = 'recruiter'");
    const answer = await recruiter.post(`${MOUNT}/mailboxes/${me.id}/sync`);
    expect(answer.status).toBe(409);
    expect(answer.json).toMatchObject({ code: 'mailbox_sync_not_configured', error: 'Microsoft Graph is not configured, so no mailbox is read' });
  },
};

describe('the integrations API answers what it documents', () => {
  it('has a test here for every endpoint of its route file, and each is documented in the app', () => {
    const endpoints = [...new Set(integrationRoutes.routes.filter((route) => route.method !== 'ALL')
      .map((route) => `${route.method} ${route.path === '/' ? MOUNT : MOUNT + route.path}`))];
    expect(Object.keys(ENDPOINTS).sort()).toEqual(endpoints.sort());
    for (const endpoint of endpoints) expect(contract.has(endpoint), endpoint).toBe(true);
  });

  for (const [endpoint, test] of Object.entries(ENDPOINTS)) it(endpoint, test);
});
