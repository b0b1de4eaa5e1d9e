// Data requests (issue 30): a recruiter enters one that came by email, phone or letter; admins list
// them with their one-month deadline and handle them (done, or refused with the reason, audited); an
// erasure marked done erases the candidate, but not while the candidate can still undo it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataRequest, DataRequestList } from '#domain/data-rights/schemas.ts';
import { signInAdmin, signInRecruiter, startTestApp, type TestApp, type TestClient } from '../support/harness.ts';
import { newCandidate } from '../support/test-data.ts';

let app: TestApp;
let admin: TestClient;
let recruiter: TestClient;
/** The demo users' display names. */
let names: { admin: string; recruiter: string };

beforeAll(async () => {
  app = await startTestApp();
  admin = app.client({ ip: '10.131.0.1' });
  await signInAdmin(admin);
  recruiter = app.client({ ip: '10.131.0.2' });
  await signInRecruiter(recruiter);
  const rows = await sql<{ username: string; name: string }>(
    `select username::text, display_name as name from public.profiles where username in ('admin', 'recruiter')`);
  names = { admin: rows.find((row) => row.username === 'admin')!.name, recruiter: rows.find((row) => row.username === 'recruiter')!.name };
});
afterAll(async () => { await app?.close(); });

const sql = <T extends object = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  app.pools.owner.query<T>(text, params).then((result) => result.rows);

async function enter(client: TestClient, request: Record<string, unknown>): Promise<DataRequest> {
  const answer = await client.post('/api/data-requests', request);
  expect(answer.status, answer.text).toBe(201);
  return (answer.json as { request: DataRequest }).request;
}

async function list(query = ''): Promise<DataRequestList> {
  const answer = await admin.get(`/api/admin/data-requests${query}`);
  expect(answer.status, answer.text).toBe(200);
  return answer.json as DataRequestList;
}

describe('entering a request by hand', () => {
  it('a recruiter enters one for a candidate: who asked comes from the candidate, due a month after it arrived', async () => {
    const candidate = await newCandidate(recruiter, { name: 'Noor Access' });
    const request = await enter(recruiter, { candidateId: candidate.id, kind: 'access', source: 'email', details: 'Asked what we keep about her' });
    expect(request).toMatchObject({
      candidate: { id: candidate.id, name: 'Noor Access' }, requesterName: 'Noor Access', requesterEmail: candidate.email,
      kind: 'access', source: 'email', state: 'open', overdue: false, handledBy: null, createdBy: names.recruiter,
    });
    expect(Date.now() - Date.parse(request.receivedAt)).toBeLessThan(60_000);
    const days = (Date.parse(request.dueAt) - Date.parse(request.receivedAt)) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(28);
    expect(days).toBeLessThanOrEqual(31);

    const audited = await sql<{ action: string; details: unknown }>(
      `select action, details from public.audit_log where entity = 'data_request' and entity_id = $1`, [String(request.id)]);
    expect(audited).toEqual([{ action: 'data_request.create', details: { kind: 'access', source: 'email' } }]);
  });

  it('a letter received weeks ago is due a calendar month after it arrived, and may already be overdue', async () => {
    // The latest 31st, a week or more ago, of a month followed by one of 30 days: due on that month's 30th.
    const received = new Date(Date.now() - 7 * 86_400_000);
    while (received.getUTCDate() !== 31 || ![2, 4, 7, 9].includes(received.getUTCMonth())) received.setUTCDate(received.getUTCDate() - 1);
    received.setUTCHours(10, 0, 0, 0);
    const due = new Date(Date.UTC(received.getUTCFullYear(), received.getUTCMonth() + 1, 30, 10));
    const request = await enter(recruiter, { requesterName: 'Piet Brief', kind: 'correction', source: 'letter', receivedAt: received.toISOString() });
    expect(request).toMatchObject({ candidate: null, requesterName: 'Piet Brief', receivedAt: received.toISOString(), dueAt: due.toISOString() });
    const old = await enter(recruiter, { requesterName: 'Oud Verzoek', kind: 'access', source: 'phone', receivedAt: new Date(Date.now() - 40 * 86_400_000).toISOString() });
    expect(old.overdue).toBe(true);
  });

  it('refuses bad input naming the field', async () => {
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ kind: 'access', source: 'email' }, 400, 'requesterName'],
      [{ requesterName: 'X', kind: 'deletion', source: 'email' }, 400, 'kind'],
      [{ requesterName: 'X', kind: 'access', source: 'privacy_page' }, 400, 'source'],
      [{ requesterName: 'X', kind: 'access', source: 'email', requesterEmail: 'not-an-address' }, 400, 'requesterEmail'],
      [{ requesterName: 'X', kind: 'access', source: 'email', receivedAt: new Date(Date.now() + 86_400_000).toISOString() }, 400, 'receivedAt'],
      [{ requesterName: 'X', kind: 'access', source: 'email', receivedAt: 'yesterday' }, 400, 'receivedAt'],
      [{ candidateId: 999_999_999, kind: 'access', source: 'email' }, 404, 'candidateId'],
    ];
    for (const [body, status, field] of cases) {
      const answer = await recruiter.post('/api/data-requests', body);
      expect([answer.status, answer.json.field], JSON.stringify(body)).toEqual([status, field]);
    }
  });

  it('is all a recruiter may do: listing and handling are for admins', async () => {
    const request = await enter(recruiter, { requesterName: 'Ander', kind: 'access', source: 'phone' });
    expect((await recruiter.get('/api/admin/data-requests')).status).toBe(403);
    expect((await recruiter.patch(`/api/admin/data-requests/${request.id}`, { state: 'done' })).status).toBe(403);
  });
});

describe('admins', () => {
  it('list requests with their deadline: open ones first by due date; filter by state, kind and overdue', async () => {
    const soon = await enter(admin, { requesterName: 'Due Soon', kind: 'erasure', source: 'email', receivedAt: new Date(Date.now() - 25 * 86_400_000).toISOString() });
    const late = await enter(admin, { requesterName: 'Due Late', kind: 'access', source: 'email', receivedAt: new Date(Date.now() - 35 * 86_400_000).toISOString() });
    const handled = await enter(admin, { requesterName: 'Handled', kind: 'access', source: 'email' });
    expect((await admin.patch(`/api/admin/data-requests/${handled.id}`, { state: 'done', resolution: 'Sent the export' })).status).toBe(200);

    const all = await list();
    const ids = all.requests.map((request) => request.id);
    expect(ids.indexOf(late.id)).toBeLessThan(ids.indexOf(soon.id));
    expect(ids.indexOf(soon.id)).toBeLessThan(ids.indexOf(handled.id));
    expect(all.requests.find((request) => request.id === handled.id)).toMatchObject({ state: 'done', handledBy: names.admin, resolution: 'Sent the export', overdue: false });

    expect((await list('?overdue=true')).requests.map((request) => request.id)).toContain(late.id);
    expect((await list('?overdue=true')).requests.every((request) => request.overdue)).toBe(true);
    expect((await list('?state=active&kind=erasure')).requests.map((request) => request.id)).toEqual(expect.arrayContaining([soon.id]));
    expect((await list('?state=active')).requests.some((request) => request.id === handled.id)).toBe(false);
    expect((await list('?state=done')).requests.map((request) => request.id)).toContain(handled.id);
    const bad = await admin.get('/api/admin/data-requests?state=lost');
    expect([bad.status, bad.json.field]).toEqual([400, 'state']);
  });

  it('refuse with a reason only, audited; a handled request cannot be handled again', async () => {
    const request = await enter(recruiter, { requesterName: 'Wim Weigering', kind: 'correction', source: 'email' });
    const bare = await admin.patch(`/api/admin/data-requests/${request.id}`, { state: 'refused' });
    expect([bare.status, bare.json.field]).toEqual([400, 'resolution']);
    const refused = await admin.patch(`/api/admin/data-requests/${request.id}`, { state: 'refused', resolution: 'The data is correct as it is' });
    expect(refused.status, refused.text).toBe(200);
    expect(refused.json.request).toMatchObject({ state: 'refused', resolution: 'The data is correct as it is', handledBy: names.admin, handledAt: expect.any(String) });
    const again = await admin.patch(`/api/admin/data-requests/${request.id}`, { state: 'done' });
    expect([again.status, again.json.code]).toEqual([409, 'data_request_closed']);
    expect((await admin.patch('/api/admin/data-requests/999999999', { state: 'done' })).json).toMatchObject({ code: 'data_request_not_found', field: 'id' });

    const audited = await sql<{ action: string; username: string; details: unknown }>(
      `select a.action, p.username::text, a.details from public.audit_log a join public.profiles p on p.id = a.actor_id
        where a.entity = 'data_request' and a.entity_id = $1 and a.action <> 'data_request.create'`, [String(request.id)]);
    expect(audited).toEqual([{ action: 'data_request.refused', username: 'admin', details: { kind: 'correction', reason: 'The data is correct as it is' } }]);
  });

  it('mark an erasure done: the candidate is erased, the request keeps who asked', async () => {
    const candidate = await newCandidate(recruiter, { name: 'Eva Erase' });
    const request = await enter(recruiter, { candidateId: candidate.id, kind: 'erasure', source: 'email' });
    const done = await admin.patch(`/api/admin/data-requests/${request.id}`, { state: 'done' });
    expect(done.status, done.text).toBe(200);
    expect(done.json.request).toMatchObject({ state: 'done', candidate: null, requesterName: 'Eva Erase', handledBy: names.admin });
    expect((await recruiter.get(`/api/candidates/${candidate.id}`)).status).toBe(404);
    const [erase] = await sql<{ details: { reason: string } }>(
      `select details from public.audit_log where action = 'candidate.erase' and details->'ids' @> to_jsonb($1::bigint)`, [candidate.id]);
    expect(erase.details.reason).toBe(`Erasure request ${request.id}`);
  });

  it('cannot erase before the undo window of a privacy-page request ends, but can keep the data', async () => {
    const candidate = await newCandidate(recruiter, { name: 'Undo Window' });
    const [{ id }] = await sql<{ id: number }>(
      `insert into public.data_requests (candidate_id, requester_name, kind, source, state, execute_after)
       values ($1, 'Undo Window', 'erasure', 'privacy_page', 'scheduled', now() + interval '5 days') returning id::int`, [candidate.id]);
    const early = await admin.patch(`/api/admin/data-requests/${id}`, { state: 'done' });
    expect([early.status, early.json.code]).toEqual([409, 'erasure_undo_window']);
    const kept = await admin.patch(`/api/admin/data-requests/${id}`, { state: 'refused', resolution: 'Open legal claim' });
    expect(kept.json.request).toMatchObject({ state: 'refused', source: 'privacy_page', executeAfter: expect.any(String) });
    expect((await recruiter.get(`/api/candidates/${candidate.id}`)).status).toBe(200);
  });
});
