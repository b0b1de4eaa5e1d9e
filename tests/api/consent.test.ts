// Consent through the API: only the candidate reverses their own opt-out, a
// recruiter's grant carries its evidence, "I changed my mind" on the
// unsubscribe page, and a deleted candidate's opt-out survives a re-import.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, signInRecruiter, startTestApp, type TestApp, type TestClient } from '../support/harness.ts';
import { NO_AI } from '../support/fake-openai.ts';
import { OUTBOX_MAIL } from '../support/smtp-sink.ts';
import { ORIGIN } from '../support/constants.ts';

let app: TestApp;
let recruiter: TestClient;
let admin: TestClient;

beforeAll(async () => {
  app = await startTestApp({ config: { openai: NO_AI, ...OUTBOX_MAIL } });
  recruiter = app.client({ ip: '10.24.0.1' });
  admin = app.client({ ip: '10.24.0.2' });
  await signInRecruiter(recruiter);
  await signInAdmin(admin);
});
afterAll(async () => { await app?.close(); });

async function newCandidate(email: string, extra: Record<string, unknown> = {}) {
  const created = await recruiter.post('/api/candidates', { name: 'Consent Person', email, ...extra });
  expect(created.status, created.text).toBe(201);
  return created.json as { id: number; allowsEmail: boolean; consentHistory: Array<{ source: string; granted: boolean; wording: string }> };
}

/** Emails the candidate and answers the message's unsubscribe token. */
async function tokenFor(candidateId: number) {
  const sent = await recruiter.post(`/api/candidates/${candidateId}/messages`, { subject: 'A role', content: 'Interested?', channel: 'email' });
  expect(sent.status, sent.text).toBe(201);
  const { rows } = await app.pools.owner.query('select reply_token from public.messages where id = $1', [sent.json.message.id]);
  return rows[0].reply_token as string;
}

const oneClick = (token: string) => app.api.request(`${ORIGIN}/api/unsubscribe/${token}`, {
  method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click',
});
const sendEmail = (candidateId: number) =>
  recruiter.post(`/api/candidates/${candidateId}/messages`, { subject: 'Again', content: 'Hello again', channel: 'email' });

describe('only the candidate reverses their own opt-out', () => {
  it('refuses the recruiter’s grant with the reason, and keeps the candidate unsubscribed', async () => {
    const person = await newCandidate('opted-out@example.com');
    await oneClick(await tokenFor(person.id));
    const refused = await recruiter.patch(`/api/candidates/${person.id}`, { allowsEmail: true, consentWording: 'said yes on the phone on 3 Nov' });
    expect(refused.status).toBe(409);
    expect(refused.json.field).toBe('allowsEmail');
    expect(refused.json.error).toMatch(/opted out of email themselves on .*only the candidate can opt back in.*"I changed my mind"/);
    const detail = (await recruiter.get(`/api/candidates/${person.id}`)).json;
    expect(detail).toMatchObject({ allowsEmail: false, contactBlockers: { email: ['opted_out'] } });
    expect(detail.unsubscribedAt).not.toBeNull();
    expect((await sendEmail(person.id)).json).toEqual({ error: 'Candidate unsubscribed', code: 'blockers.opted_out', field: 'channel' });
  });

  it('"I changed my mind" on the unsubscribe page opts the candidate back in (source candidate)', async () => {
    const person = await newCandidate('changed-mind@example.com');
    const token = await tokenFor(person.id);
    const page = await app.api.request(`${ORIGIN}/api/unsubscribe/${token}`, {
      method: 'POST', body: '', headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' },
    });
    const html = await page.text();
    expect(html).toContain('You are unsubscribed');
    expect(html).toContain(`<form method="post" action="/api/unsubscribe/${token}/resubscribe">`);
    expect(html).toContain('I changed my mind');

    const back = await app.api.request(`${ORIGIN}/api/unsubscribe/${token}/resubscribe`, {
      method: 'POST', body: '', headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(back.status).toBe(200);
    expect(await back.text()).toContain('You will receive our emails again');
    const detail = (await recruiter.get(`/api/candidates/${person.id}`)).json;
    expect(detail).toMatchObject({ allowsEmail: true, unsubscribedAt: null, contactBlockers: { email: [] } });
    expect(detail.consentHistory.slice(0, 2).map((e: { source: string; granted: boolean }) => [e.source, e.granted]))
      .toEqual([['candidate', true], ['unsubscribe_link', false]]);
    expect((await sendEmail(person.id)).status).toBe(201);
  });

  it('a recruiter withdraws freely, and grants again only with the evidence', async () => {
    const person = await newCandidate('evidence@example.com');
    expect((await recruiter.patch(`/api/candidates/${person.id}`, { allowsEmail: false })).json.allowsEmail).toBe(false);
    const noEvidence = await recruiter.patch(`/api/candidates/${person.id}`, { allowsEmail: true });
    expect(noEvidence.status).toBe(422);
    expect(noEvidence.json).toEqual({ field: 'consentWording', error: 'Say how and when the candidate agreed, e.g. "said yes on the phone on 3 Nov"', code: 'consent_wording_required' });
    const granted = await recruiter.patch(`/api/candidates/${person.id}`, { allowsEmail: true, consentWording: 'said yes on the phone on 3 Nov' });
    expect(granted.status).toBe(200);
    expect(granted.json.consentHistory[0]).toMatchObject({ source: 'recruiter', granted: true, wording: 'said yes on the phone on 3 Nov' });
  });
});

describe('the suppression list outlives a deleted candidate', () => {
  it('delete and re-import: the address comes back withdrawn, with the reason, and cannot be emailed', async () => {
    const person = await newCandidate('come-back@example.com');
    await oneClick(await tokenFor(person.id));
    expect((await recruiter.delete(`/api/candidates/${person.id}`)).status).toBe(200);
    expect((await recruiter.get(`/api/candidates/${person.id}`)).status).toBe(404);

    const created = await recruiter.post('/api/imports', { fileName: 'again.csv', duplicates: 'skip', emailConsent: 'agreed', mapping: { name: 0, email: 1, allowsEmail: 2 } });
    expect(created.status, created.text).toBe(201);
    const upload = await recruiter.send('PUT', `/api/imports/${created.json.id}/file`, {
      body: 'name,email,allowsEmail\nCome Back,COME-BACK@example.com,yes\nNew Person,new-person@example.com,\n',
      headers: { 'content-type': 'text/csv' },
    });
    expect(upload.json).toMatchObject({ status: 'completed', imported: 2 });
    const { rows } = await app.pools.owner.query(`select id, email::text from public.candidates where email in ('come-back@example.com', 'new-person@example.com')`);
    const back = (await recruiter.get(`/api/candidates/${rows.find((r) => r.email === 'come-back@example.com').id}`)).json;
    expect(back).toMatchObject({ allowsEmail: false, contactBlockers: { email: ['opted_out'] } });
    expect(back.consentHistory.find((e: { source: string }) => e.source === 'suppression').wording)
      .toMatch(/suppression list since .* \(the candidate opted out, one_click\)/);
    expect((await sendEmail(back.id)).status).toBe(422);
    const fresh = (await recruiter.get(`/api/candidates/${rows.find((r) => r.email === 'new-person@example.com').id}`)).json;
    expect(fresh).toMatchObject({ allowsEmail: true, contactBlockers: { email: [] } });
  });

  it('creating a candidate with a suppressed address brings them in withdrawn', async () => {
    const person = await newCandidate('recreated@example.com');
    await oneClick(await tokenFor(person.id));
    await recruiter.post('/api/candidates/bulk-delete', { candidateIds: [person.id] });
    const again = await newCandidate('recreated@example.com', { allowsEmail: true });
    expect(again).toMatchObject({ allowsEmail: false });
    expect(again.consentHistory.map((e) => e.source)).toContain('suppression');
  });

  it('an admin sees the count, looks an address up, and lifts it with a reason; a recruiter cannot', async () => {
    const person = await newCandidate('lift@example.com');
    await recruiter.patch(`/api/candidates/${person.id}`, { allowsEmail: false, consentWording: 'Asked to pause' });
    expect((await recruiter.get('/api/admin/suppressions')).status).toBe(403);
    const before = await admin.get('/api/admin/suppressions?email=LIFT@example.com');
    expect(before.json).toMatchObject({ entry: { email: 'lift@example.com', suppressed: true, source: 'recruiter', byCandidate: false } });
    expect(before.json.count).toBeGreaterThan(0);
    expect((await admin.post('/api/admin/suppressions/remove', { email: 'lift@example.com' })).json.field).toBe('reason');
    const removed = await admin.post('/api/admin/suppressions/remove', { email: 'lift@example.com', reason: 'Confirmed by phone: wants our mail again' });
    expect(removed.json).toEqual({ removed: true, count: before.json.count - 1 });
    const again = await admin.post('/api/admin/suppressions/remove', { email: 'lift@example.com', reason: 'twice' });
    expect(again.status).toBe(404);
    expect(again.json.field).toBe('email');
    const audit = await admin.get('/api/admin/audit-log');
    expect(JSON.stringify(audit.json)).toContain('suppression.remove');
  });
});
