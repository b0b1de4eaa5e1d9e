// The WhatsApp API keeps its contract: every endpoint of routes/whatsapp.ts and
// routes/webhooks.ts is called on the real API and database, and its real answer
// has the status its route documents and parses with the schema its doc() names.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { whatsappChannelSchema, whatsappStateSchema, whatsappWebhookResultSchema } from '#domain/whatsapp/schemas.ts';
import { whatsappCandidateRoutes, whatsappRoutes } from '#edge-functions/routes/whatsapp.ts';
import { webhookRoutes } from '#edge-functions/routes/webhooks.ts';
import { Contract } from '../support/contract.ts';
import { NO_AI } from '../support/fake-openai.ts';
import { OUTBOX_MAIL } from '../support/smtp-sink.ts';
import { signInRecruiter, startTestApp, type TestApp, type TestClient } from '../support/harness.ts';
import { CONSENT, newCandidate } from '../support/test-data.ts';
import {
  FAKE_VERIFY_TOKEN, inboundText, setEnv, startFakeWhatsApp, webhookPayload, type FakeWhatsApp, postWebhook,
} from '../support/fake-whatsapp.ts';

let app: TestApp;
let contract: Contract;
let recruiter: TestClient;
let fake: FakeWhatsApp;
let restoreEnv: () => void;

beforeAll(async () => {
  fake = await startFakeWhatsApp();
  restoreEnv = setEnv(fake.env());
  app = await startTestApp({ config: { openai: NO_AI, ...OUTBOX_MAIL } });
  contract = new Contract(app.api);
  recruiter = app.client({ ip: '10.142.0.1' });
  await signInRecruiter(recruiter);
});
afterAll(async () => {
  restoreEnv?.();
  await app?.close();
  await fake?.close();
});

/** One test per endpoint, keyed "METHOD /path" as the app registers it. */
const ENDPOINTS: Record<string, () => Promise<void>> = {
  'GET /api/whatsapp': async () => {
    const answer = contract.answer('GET /api/whatsapp', await recruiter.get('/api/whatsapp'), { schema: whatsappStateSchema });
    expect(answer).toMatchObject({ configured: true, mode: 'WhatsApp Business Cloud API', problems: [] });
    expect(JSON.stringify(answer)).not.toContain('fake-whatsapp-token');
    expect((await app.client().get('/api/whatsapp')).status).toBe(401);
  },
  'GET /api/candidates/:id/whatsapp': async () => {
    const person = await newCandidate(recruiter, CONSENT.whatsapp);
    const answer = contract.answer('GET /api/candidates/:id/whatsapp', await recruiter.get(`/api/candidates/${person.id}/whatsapp`),
      { schema: whatsappChannelSchema });
    expect(answer).toMatchObject({ allowed: true, number: '+31612345678', mode: 'template' });
    expect((await recruiter.get('/api/candidates/x/whatsapp')).json).toMatchObject({ field: 'id' });
  },
  'GET /api/webhooks/whatsapp': async () => {
    const response = await app.client().get(`/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=${FAKE_VERIFY_TOKEN}&hub.challenge=42`);
    expect(contract.answer('GET /api/webhooks/whatsapp', response)).toBe('42');
  },
  'POST /api/webhooks/whatsapp': async () => {
    const body = JSON.stringify(webhookPayload({ messages: [inboundText('31619999902', 'hallo')] }));
    const response = await postWebhook(app, body);
    const answer = contract.answer('POST /api/webhooks/whatsapp', { status: response.status, text: await response.text() },
      { schema: whatsappWebhookResultSchema });
    expect(answer).toMatchObject({ received: true, unmatched: 1 });
  },
};

const endpointsOf = (routes: { routes: Array<{ method: string; path: string }> }, mount: string) =>
  routes.routes.filter((route) => route.method !== 'ALL').map((route) => `${route.method} ${route.path === '/' ? mount : mount + route.path}`);

describe('the WhatsApp API answers what it documents', () => {
  it('has a test here for every endpoint of its route files, and each is documented in the app', () => {
    const endpoints = [...new Set([
      ...endpointsOf(whatsappRoutes, '/api/whatsapp'), ...endpointsOf(whatsappCandidateRoutes, '/api/candidates'),
      ...endpointsOf(webhookRoutes, '/api/webhooks'),
    ])];
    expect(Object.keys(ENDPOINTS).sort()).toEqual(endpoints.sort());
    for (const endpoint of endpoints) expect(contract.has(endpoint), endpoint).toBe(true);
  });

  for (const [endpoint, test] of Object.entries(ENDPOINTS)) it(endpoint, test);
});
