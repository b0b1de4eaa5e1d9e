// The data rights routes answer what they document (issue 30): retention rules, the preview, exemptions,
// the dashboard card's counts and the data requests, each called on the real API and database on its
// success path and parsed with the schema its doc() names (routes/retention.ts, routes/data-requests.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dataRequestAnswerSchema, dataRequestListSchema, dataRightsSummarySchema, retentionExemptionAnswerSchema, retentionExemptionListSchema,
  retentionPreviewSchema, retentionRuleAnswerSchema, retentionRuleListSchema,
} from '#domain/data-rights/schemas.ts';
import { successSchema } from '#domain/schemas/answers.ts';
import { signInAdmin, signInRecruiter, startTestApp, type TestApp, type TestClient } from '../support/harness.ts';
import { Contract } from '../support/contract.ts';
import { newCandidate } from '../support/test-data.ts';

let app: TestApp;
let contract: Contract;
let admin: TestClient;
let recruiter: TestClient;

beforeAll(async () => {
  app = await startTestApp();
  contract = new Contract(app.api);
  admin = app.client({ ip: '10.132.0.1' });
  await signInAdmin(admin);
  recruiter = app.client({ ip: '10.132.0.2' });
  await signInRecruiter(recruiter);
});
afterAll(async () => { await app?.close(); });

/** The endpoints of routes/retention.ts and routes/data-requests.ts. */
const DATA_RIGHTS_ENDPOINTS = [
  'GET /api/admin/retention-rules',
  'POST /api/admin/retention-rules',
  'PATCH /api/admin/retention-rules/:id',
  'DELETE /api/admin/retention-rules/:id',
  'GET /api/admin/retention-preview',
  'GET /api/admin/retention-exemptions',
  'POST /api/admin/retention-exemptions',
  'DELETE /api/admin/retention-exemptions/:id',
  'GET /api/admin/data-rights-summary',
  'GET /api/admin/data-requests',
  'PATCH /api/admin/data-requests/:id',
  'POST /api/data-requests',
] as const;

describe('the documented routes of data rights', () => {
  it('are exactly the endpoints this file calls', () => {
    const ours = contract.endpoints().filter((key) => /^\w+ \/api\/(admin\/(retention-|data-r)|data-requests)/.test(key));
    expect([...ours].sort()).toEqual([...DATA_RIGHTS_ENDPOINTS].sort());
  });
});

describe('retention', () => {
  it('rules: GET, POST, PATCH, DELETE', async () => {
    const { rules } = contract.answer('GET /api/admin/retention-rules', await admin.get('/api/admin/retention-rules'), { schema: retentionRuleListSchema });
    expect(rules.map((rule) => rule.kind)).toEqual(['erasure_requested']);
    const { rule } = contract.answer('POST /api/admin/retention-rules',
      await admin.post('/api/admin/retention-rules', { kind: 'no_consent', months: 18, graceDays: 30 }), { schema: retentionRuleAnswerSchema });
    const changed = contract.answer('PATCH /api/admin/retention-rules/:id',
      await admin.patch(`/api/admin/retention-rules/${rule.id}`, { graceDays: 10 }), { schema: retentionRuleAnswerSchema });
    expect(changed.rule).toMatchObject({ kind: 'no_consent', months: 18, graceDays: 10 });
    expect(contract.answer('DELETE /api/admin/retention-rules/:id', await admin.delete(`/api/admin/retention-rules/${rule.id}`), { schema: successSchema }))
      .toEqual({ success: true });
  });

  it('preview, exemptions and the dashboard card', async () => {
    const candidate = await newCandidate(recruiter, { name: 'Contract Exempt' });
    const page = contract.answer('GET /api/admin/retention-preview', await admin.get('/api/admin/retention-preview?days=7'), { schema: retentionPreviewSchema });
    expect(page).toMatchObject({ page: 1, pageSize: 50 });
    const { exemption } = contract.answer('POST /api/admin/retention-exemptions',
      await admin.post('/api/admin/retention-exemptions', { candidateId: candidate.id, reason: 'Hired last week' }), { schema: retentionExemptionAnswerSchema });
    expect(exemption.candidate).toEqual({ id: candidate.id, name: 'Contract Exempt' });
    const { exemptions } = contract.answer('GET /api/admin/retention-exemptions', await admin.get('/api/admin/retention-exemptions'), { schema: retentionExemptionListSchema });
    expect(exemptions.map((one) => one.candidate.id)).toContain(candidate.id);
    expect(contract.answer('DELETE /api/admin/retention-exemptions/:id', await admin.delete(`/api/admin/retention-exemptions/${candidate.id}`), { schema: successSchema }))
      .toEqual({ success: true });
    const summary = contract.answer('GET /api/admin/data-rights-summary', await admin.get('/api/admin/data-rights-summary'), { schema: dataRightsSummarySchema });
    expect(summary.requestsOverdue).toBeGreaterThanOrEqual(0);
  });
});

describe('data requests', () => {
  it('POST by a recruiter, GET and PATCH by an admin', async () => {
    const candidate = await newCandidate(recruiter, { name: 'Contract Request' });
    const { request } = contract.answer('POST /api/data-requests',
      await recruiter.post('/api/data-requests', { candidateId: candidate.id, kind: 'access', source: 'phone' }), { schema: dataRequestAnswerSchema });
    const { requests } = contract.answer('GET /api/admin/data-requests', await admin.get('/api/admin/data-requests?state=active'), { schema: dataRequestListSchema });
    expect(requests.map((one) => one.id)).toContain(request.id);
    const handled = contract.answer('PATCH /api/admin/data-requests/:id',
      await admin.patch(`/api/admin/data-requests/${request.id}`, { state: 'done', resolution: 'Sent by post' }), { schema: dataRequestAnswerSchema });
    expect(handled.request.state).toBe('done');
  });
});
