// The people part of the API keeps its contract: every endpoint of
// candidates, talent pools, search, imports, unsubscribe links and inbound mail
// is called on the real API and database, and its real answer parses with the
// schema the route documents (found through documentedRoutes, as
// /api/openapi.json publishes it), with the documented status. Each test
// makes the data it needs through the API.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Contract } from '../support/contract.ts';
import { candidateRoutes } from '#edge-functions/routes/candidates.ts';
import { candidateDuplicateRoutes } from '#edge-functions/routes/candidate-duplicates.ts';
import { importRoutes } from '#edge-functions/routes/imports.ts';
import { inboundRoutes } from '#edge-functions/routes/inbound.ts';
import { searchRoutes } from '#edge-functions/routes/search.ts';
import { talentPoolRoutes } from '#edge-functions/routes/talent-pools.ts';
import { unsubscribeRoutes } from '#edge-functions/routes/unsubscribe.ts';
import { ORIGIN } from '../support/constants.ts';
import { NO_AI } from '../support/fake-openai.ts';
import { signInRecruiter, startTestApp, type TestApp, type TestClient } from '../support/harness.ts';
import { OUTBOX_MAIL } from '../support/smtp-sink.ts';

const SECRET = 'contract-people-inbound-secret';
let app: TestApp;
let recruiter: TestClient;
let contract: Contract;

beforeAll(async () => {
  app = await startTestApp({ config: { openai: NO_AI, ...OUTBOX_MAIL, inboundMailSecret: SECRET } });
  recruiter = app.client({ ip: '10.40.0.1' });
  await signInRecruiter(recruiter);
  contract = new Contract(app.api);
});
afterAll(async () => { await app?.close(); });

interface Answer { status: number; headers: Headers; text: string; json?: unknown }

/** The answer has the route's documented status (or `status`) and parses with its documented schema (or has its content type). */
function expectDocumented(route: string, answer: Answer, status?: number): unknown {
  return contract.answer(route, answer, { status });
}

const tag = () => randomUUID().slice(0, 8);
/** The part of an answer these helpers read: what was made. */
const withId = z.object({ id: z.number() });
const keptAside = async (from: string, body: string) => z.object({ unmatchedId: z.number() }).parse(JSON.parse((await deliver(from, body)).text));

async function newCandidate(extra: Record<string, unknown> = {}): Promise<{ id: number; name: string; email: string }> {
  const name = `Contract Person ${tag()}`;
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}@example.org`;
  const created = await recruiter.post('/api/candidates', { name, email, ...extra });
  expect(created.status, created.text).toBe(201);
  return { id: withId.parse(created.json).id, name, email };
}

async function newPool(): Promise<number> {
  const created = await recruiter.post('/api/talent-pools', { name: `Contract Pool ${tag()}` });
  expect(created.status, created.text).toBe(201);
  return withId.parse(created.json).id;
}

/** An email to the candidate; answers the token its unsubscribe link carries (what the candidate's mail holds). */
async function unsubscribeToken(candidateId: number): Promise<string> {
  const sent = await recruiter.post(`/api/candidates/${candidateId}/messages`, { subject: 'A role', content: 'Interested?', channel: 'email' });
  expect(sent.status, sent.text).toBe(201);
  const { message } = z.object({ message: withId }).parse(sent.json);
  const { rows } = await app.pools.owner.query<{ reply_token: string }>('select reply_token from public.messages where id = $1', [message.id]);
  return rows[0].reply_token;
}

/** What a mail client sends for RFC 8058 one-click: no cookies, no Origin, a form body. */
async function oneClick(path: string): Promise<Answer> {
  const response = await app.api.request(`${ORIGIN}${path}`, {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click',
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

async function deliver(from: string, body: string, path = '/api/inbound/email'): Promise<Answer> {
  const raw = [`Date: ${new Date().toUTCString()}`, `From: ${from}`, 'To: Talentloop Recruiting <recruiting@talentloop.test>',
    'Subject: A question', `Message-ID: <${randomUUID()}@mail.example.org>`, 'MIME-Version: 1.0', 'Content-Type: text/plain; charset=utf-8', '', body, ''].join('\r\n');
  const response = await app.api.request(`${ORIGIN}${path}`, {
    method: 'POST', body: raw, headers: { 'content-type': 'message/rfc822', authorization: `Bearer ${SECRET}` },
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

const CSV = 'Name,Email,City\r\nAnna Contract,anna.contract.{tag}@example.org,Utrecht\r\n,nameless.{tag}@example.org,Delft\r\n';
const csvFile = () => CSV.replaceAll('{tag}', tag());

async function uploadedImport(): Promise<number> {
  const created = await recruiter.post('/api/imports', { fileName: 'contract.csv', mapping: { name: 0, email: 1, location: 2 }, duplicates: 'skip', emailConsent: 'none' });
  expect(created.status, created.text).toBe(201);
  const { id } = withId.parse(created.json);
  const upload = await recruiter.send('PUT', `/api/imports/${id}/file`, { body: csvFile() });
  expect(upload.status, upload.text).toBe(200);
  return id;
}

/** One test per endpoint, keyed "METHOD /path" as the app registers it. */
const ENDPOINTS: Record<string, () => Promise<void>> = {
  // ---- candidates ----
  'GET /api/candidates': async () => {
    const person = await newCandidate();
    const list = await recruiter.get(`/api/candidates?q=${encodeURIComponent(person.name)}`);
    const rows = expectDocumented('GET /api/candidates', list) as Array<{ id?: number }>;
    expect(rows.map((row) => row.id)).toEqual([person.id]);
    expect(list.headers.get('x-total-count')).toBe('1');
    const some = await recruiter.get(`/api/candidates?q=${encodeURIComponent(person.name)}&fields=id,name`);
    expect(expectDocumented('GET /api/candidates', some)).toEqual([{ id: person.id, name: person.name }]);
  },
  'GET /api/candidates/count': async () => {
    const person = await newCandidate();
    const count = await recruiter.get(`/api/candidates/count?q=${encodeURIComponent(person.name)}`);
    expect(expectDocumented('GET /api/candidates/count', count)).toEqual({ total: 1 });
  },
  'GET /api/candidates/export.csv': async () => {
    const person = await newCandidate();
    const csv = expectDocumented('GET /api/candidates/export.csv', await recruiter.get(`/api/candidates/export.csv?q=${encodeURIComponent(person.name)}`));
    expect(csv).toContain(person.email);
  },
  'POST /api/candidates': async () => {
    const created = await recruiter.post('/api/candidates', { name: `Contract New ${tag()}`, skillTags: ['go'], seniorityLevel: 'senior', timeZone: 'Europe/Lisbon' });
    expect(expectDocumented('POST /api/candidates', created)).toMatchObject({ skillTags: ['go'], seniorityLevel: 'senior', messages: [],
      timeZone: { zone: 'Europe/Lisbon', source: 'manual' } });
  },
  'POST /api/candidates/bulk-delete': async () => {
    const [a, b] = [await newCandidate(), await newCandidate()];
    const deleted = await recruiter.post('/api/candidates/bulk-delete', { candidateIds: [a.id, b.id] });
    expect(expectDocumented('POST /api/candidates/bulk-delete', deleted)).toEqual({ deleted: 2 });
  },
  'GET /api/candidates/:id': async () => {
    const person = await newCandidate();
    await unsubscribeToken(person.id);
    await deliver(`${person.name} <${person.email}>`, 'Thanks, I would like to hear more.');
    const detail = expectDocumented('GET /api/candidates/:id', await recruiter.get(`/api/candidates/${person.id}`)) as {
      messages: Array<{ direction: string }>; consentHistory: unknown[];
    };
    // What we sent and what the candidate wrote, in the API's own words.
    expect(detail.messages.map((message) => message.direction).sort()).toEqual(['in', 'out']);
    expect(detail.consentHistory.length).toBeGreaterThan(0);
  },
  // ---- likely duplicates and merging ----
  'GET /api/candidates/duplicates': async () => {
    const person = await newCandidate();
    const copy = await newCandidate({ email: person.email.replace('@', '+cv@') });
    await app.pools.owner.query(`insert into public.candidate_duplicates (low_id, high_id, reason, similarity) values ($1, $2, 'email', 1)`, [person.id, copy.id]);
    const list = expectDocumented('GET /api/candidates/duplicates', await recruiter.get(`/api/candidates/duplicates?candidateId=${copy.id}`));
    expect(list).toMatchObject({ total: 1, pairs: [{ lowId: person.id, highId: copy.id, reason: 'email' }] });
  },
  'POST /api/candidates/duplicates/dismiss': async () => {
    const [a, b] = [await newCandidate(), await newCandidate()];
    await app.pools.owner.query(`insert into public.candidate_duplicates (low_id, high_id, reason) values ($1, $2, 'phone')`, [a.id, b.id]);
    expect(expectDocumented('POST /api/candidates/duplicates/dismiss', await recruiter.post('/api/candidates/duplicates/dismiss', { lowId: a.id, highId: b.id })))
      .toEqual({ success: true });
  },
  'POST /api/candidates/duplicates/refresh': async () => {
    const asked = expectDocumented('POST /api/candidates/duplicates/refresh', await recruiter.post('/api/candidates/duplicates/refresh', {}));
    expect(asked).toMatchObject({ pending: true, requestedAt: expect.any(String) as unknown });
  },
  'POST /api/candidates/:id/merge': async () => {
    const [kept, other] = [await newCandidate(), await newCandidate()];
    const merged = expectDocumented('POST /api/candidates/:id/merge', await recruiter.post(`/api/candidates/${kept.id}/merge`, { otherId: other.id, fields: { name: 'other' } }));
    expect(merged).toMatchObject({ id: kept.id, name: other.name });
    const moved = await recruiter.get(`/api/candidates/${other.id}`);
    expectDocumented('GET /api/candidates/:id', moved, 301);
    expect(moved.headers.get('location')).toBe(`/api/candidates/${kept.id}`);
  },
  'PATCH /api/candidates/:id': async () => {
    const person = await newCandidate();
    const changed = await recruiter.patch(`/api/candidates/${person.id}`, { location: 'Zwolle', allowsWhatsapp: true, whatsappNumber: '+31 6 11111111', consentWording: 'Said yes on the phone', timeZone: null });
    expect(expectDocumented('PATCH /api/candidates/:id', changed)).toMatchObject({ location: 'Zwolle', allowsWhatsapp: true,
      timeZone: { zone: 'Europe/Amsterdam', source: 'location' } });
  },
  'DELETE /api/candidates/:id': async () => {
    const person = await newCandidate();
    expect(expectDocumented('DELETE /api/candidates/:id', await recruiter.delete(`/api/candidates/${person.id}`))).toEqual({ success: true });
  },

  // ---- talent pools ----
  'GET /api/talent-pools': async () => {
    const id = await newPool();
    const pools = expectDocumented('GET /api/talent-pools', await recruiter.get('/api/talent-pools')) as Array<{ id: number }>;
    expect(pools.map((pool) => pool.id)).toContain(id);
  },
  'POST /api/talent-pools': async () => {
    const created = await recruiter.post('/api/talent-pools', { name: `Contract Pool ${tag()}`, description: 'For the contract test' });
    expect(expectDocumented('POST /api/talent-pools', created)).toMatchObject({ description: 'For the contract test', candidateCount: 0 });
  },
  'GET /api/talent-pools/:id': async () => {
    const id = await newPool();
    expect(expectDocumented('GET /api/talent-pools/:id', await recruiter.get(`/api/talent-pools/${id}`))).toMatchObject({ id, candidateCount: 0 });
  },
  'GET /api/talent-pools/:id/reach': async () => {
    const id = await newPool();
    await newCandidate({ talentPoolIds: [id] });
    await newCandidate({ talentPoolIds: [id], email: null });
    const reach = expectDocumented('GET /api/talent-pools/:id/reach', await recruiter.get(`/api/talent-pools/${id}/reach`));
    expect(reach).toEqual({ eligible: 1, byWhatsApp: 0, skipped: [{ reason: 'No email address on file', code: 'blockers.no_email', count: 1 }] });
  },
  'PATCH /api/talent-pools/:id': async () => {
    const id = await newPool();
    const renamed = await recruiter.patch(`/api/talent-pools/${id}`, { description: null });
    expect(expectDocumented('PATCH /api/talent-pools/:id', renamed)).toMatchObject({ id, description: null });
  },
  'DELETE /api/talent-pools/:id': async () => {
    const id = await newPool();
    expect(expectDocumented('DELETE /api/talent-pools/:id', await recruiter.delete(`/api/talent-pools/${id}`))).toEqual({ success: true });
  },
  'POST /api/talent-pools/:id/members': async () => {
    const [id, person] = [await newPool(), await newCandidate()];
    const added = await recruiter.post(`/api/talent-pools/${id}/members`, { candidateIds: [person.id] });
    expect(expectDocumented('POST /api/talent-pools/:id/members', added)).toEqual({ added: 1 });
  },
  'POST /api/talent-pools/:id/members/remove': async () => {
    const id = await newPool();
    const person = await newCandidate({ talentPoolIds: [id] });
    const removed = await recruiter.post(`/api/talent-pools/${id}/members/remove`, { candidateIds: [person.id] });
    expect(expectDocumented('POST /api/talent-pools/:id/members/remove', removed)).toEqual({ removed: 1 });
  },

  // ---- search ----
  'GET /api/search': async () => {
    const person = await newCandidate({ jobFunction: 'Data Engineer', location: 'Delft' });
    const results = expectDocumented('GET /api/search', await recruiter.get(`/api/search?q=${encodeURIComponent(person.name)}`)) as Array<{ id: string }>;
    expect(results[0]).toMatchObject({ id: `candidate:${person.id}`, subtitle: 'Data Engineer · Delft', description: person.email });
    // Actions are results too.
    expect(expectDocumented('GET /api/search', await recruiter.get('/api/search?q=compose'))).toContainEqual(expect.objectContaining({ type: 'action' }));
    // So are talent pools and meetings (by the candidate's name).
    const poolId = await newPool();
    const pool = (await recruiter.get(`/api/talent-pools/${poolId}`)).json as { name: string };
    expect(expectDocumented('GET /api/search', await recruiter.get(`/api/search?q=${encodeURIComponent(pool.name)}`)))
      .toContainEqual(expect.objectContaining({ type: 'pool', id: `pool:${poolId}` }));
    const recruiterId = (await app.pools.owner.query(`select id from public.profiles where username = 'recruiter'`)).rows[0].id;
    await app.pools.owner.query(`insert into public.meetings (recruiter_id, candidate_id, title, starts_at, ends_at)
      values ($1, $2, 'Intro call', now() + interval '2 days', now() + interval '2 days 30 minutes')`, [recruiterId, person.id]);
    expect(expectDocumented('GET /api/search', await recruiter.get(`/api/search?q=${encodeURIComponent(person.name)}`)))
      .toContainEqual(expect.objectContaining({ type: 'meeting', icon: 'CalendarClock' }));
  },

  // ---- imports ----
  'POST /api/imports/preview': async () => {
    const preview = await recruiter.post('/api/imports/preview', csvFile(), { headers: { 'content-type': 'text/csv' } });
    expect(expectDocumented('POST /api/imports/preview', preview)).toMatchObject({
      delimiter: ',', mapping: { name: 0, email: 1, location: 2 }, rows: [{ line: 2, valid: true }, { line: 3, valid: false, problem: { field: 'name' } }],
    });
  },
  'GET /api/imports': async () => {
    const id = await uploadedImport();
    const imports = expectDocumented('GET /api/imports', await recruiter.get('/api/imports')) as Array<{ id: number }>;
    expect(imports.map((entry) => entry.id)).toContain(id);
  },
  'POST /api/imports': async () => {
    const created = await recruiter.post('/api/imports', { mapping: { name: 0 }, talentPoolId: await newPool(), emailConsent: 'none' });
    expect(expectDocumented('POST /api/imports', created)).toMatchObject({ status: 'pending', duplicates: 'update', progress: null });
  },
  'GET /api/imports/:id': async () => {
    const id = await uploadedImport();
    expect(expectDocumented('GET /api/imports/:id', await recruiter.get(`/api/imports/${id}`))).toMatchObject({ id, status: 'completed', imported: 1, skipped: 1 });
  },
  'PUT /api/imports/:id/file': async () => {
    const created = await recruiter.post('/api/imports', { fileName: 'contract.csv', mapping: { name: 0, email: 1 }, emailConsent: 'none' });
    const upload = await recruiter.send('PUT', `/api/imports/${withId.parse(created.json).id}/file`, { body: csvFile() });
    expect(expectDocumented('PUT /api/imports/:id/file', upload)).toMatchObject({ status: 'completed', imported: 1, skipped: 1, progress: 1 });
  },
  'GET /api/imports/:id/skipped': async () => {
    const id = await uploadedImport();
    expect(expectDocumented('GET /api/imports/:id/skipped', await recruiter.get(`/api/imports/${id}/skipped?limit=10`)))
      .toEqual({ rows: [{ line: 3, field: 'name', reason: 'name is required', code: 'validation.required', params: { field: 'name' } }] });
  },
  'GET /api/imports/:id/report.csv': async () => {
    const id = await uploadedImport();
    expect(expectDocumented('GET /api/imports/:id/report.csv', await recruiter.get(`/api/imports/${id}/report.csv`))).toContain('3,name,');
  },

  // ---- unsubscribe links ----
  'GET /api/unsubscribe/:token': async () => {
    const token = await unsubscribeToken((await newCandidate()).id);
    const response = await app.api.request(`${ORIGIN}/api/unsubscribe/${token}`);
    const page = expectDocumented('GET /api/unsubscribe/:token', { status: response.status, headers: response.headers, text: await response.text() });
    expect(page).toContain('<button type="submit">Unsubscribe</button>');
  },
  'POST /api/unsubscribe/:token': async () => {
    const token = await unsubscribeToken((await newCandidate()).id);
    expect(expectDocumented('POST /api/unsubscribe/:token', await oneClick(`/api/unsubscribe/${token}`))).toEqual({ success: true, status: 'unsubscribed' });
  },
  'POST /api/unsubscribe/:token/resubscribe': async () => {
    const token = await unsubscribeToken((await newCandidate()).id);
    await oneClick(`/api/unsubscribe/${token}`);
    const back = await oneClick(`/api/unsubscribe/${token}/resubscribe`);
    expect(expectDocumented('POST /api/unsubscribe/:token/resubscribe', back)).toEqual({ success: true, status: 'resubscribed' });
  },

  // ---- inbound mail ----
  'POST /api/inbound/email': async () => {
    const person = await newCandidate();
    const stored = await deliver(`${person.name} <${person.email}>`, 'Hi, I am open to new opportunities. Happy to talk!');
    expect(expectDocumented('POST /api/inbound/email', stored)).toMatchObject({ status: 'stored', matchedBy: 'sender', candidateId: person.id });
    const keptAside = await deliver(`Stranger <stranger.${tag()}@elsewhere.example>`, 'Do you have openings?');
    expect(expectDocumented('POST /api/inbound/email', keptAside, 202)).toMatchObject({ status: 'unmatched' });
  },
  // Mailgun's URL (it sends the raw message only to one ending in "mime"); the same endpoint for every format.
  'POST /api/inbound/email/mime': async () => {
    const person = await newCandidate();
    const stored = await deliver(`${person.name} <${person.email}>`, 'Sounds good, call me tomorrow.', '/api/inbound/email/mime');
    expect(expectDocumented('POST /api/inbound/email/mime', stored)).toMatchObject({ status: 'stored', matchedBy: 'sender', candidateId: person.id });
  },
  'GET /api/inbound/unmatched': async () => {
    const { unmatchedId } = await keptAside(`Stranger <stranger.${tag()}@elsewhere.example>`, 'Any vacancies?');
    const list = expectDocumented('GET /api/inbound/unmatched', await recruiter.get('/api/inbound/unmatched')) as { emails: Array<{ id: number }> };
    expect(list.emails.map((email) => email.id)).toContain(unmatchedId);
  },
  'GET /api/inbound/unmatched/:id': async () => {
    const { unmatchedId } = await keptAside(`Stranger <stranger.${tag()}@elsewhere.example>`, 'Any vacancies?');
    const email = await recruiter.get(`/api/inbound/unmatched/${unmatchedId}`);
    expect(expectDocumented('GET /api/inbound/unmatched/:id', email)).toMatchObject({ id: unmatchedId, raw: expect.stringContaining('Any vacancies?') as unknown });
  },
};

/** The endpoints of the people route files, as mounted by edge-functions/app.ts. */
const PEOPLE_ROUTES: Array<[string, { routes: Array<{ method: string; path: string }> }]> = [
  ['/api/candidates', candidateRoutes], ['/api/candidates', candidateDuplicateRoutes], ['/api/talent-pools', talentPoolRoutes], ['/api/search', searchRoutes],
  ['/api/imports', importRoutes], ['/api/unsubscribe', unsubscribeRoutes], ['/api/inbound', inboundRoutes],
];

describe('the people API answers what it documents', () => {
  it('has a test here for every endpoint of its route files, and each is documented in the app', () => {
    const endpoints = PEOPLE_ROUTES.flatMap(([mount, routes]) =>
      [...new Set(routes.routes.filter((route) => route.method !== 'ALL').map((route) => `${route.method} ${route.path === '/' ? mount : mount + route.path}`))]);
    expect(Object.keys(ENDPOINTS).sort()).toEqual(endpoints.sort());
    for (const endpoint of endpoints) expect(contract.has(endpoint), endpoint).toBe(true);
  });

  for (const [endpoint, test] of Object.entries(ENDPOINTS)) it(endpoint, test);
});
