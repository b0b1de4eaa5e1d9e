// One mailbox, one consent (issue 25, decision 008 amended 2026-11-28): an
// opt-out holds for every variant of the address that reaches the same mailbox
// (x+tag@ and x@; Gmail's dots and googlemail.com), whichever variant opted out
// and whichever is created later, by hand or by a CSV import; entries written
// with the old hash still suppress, and a lift or a grant removes them. The
// candidate's own address is stored and shown as the API takes it, +tag and dots kept.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, signInRecruiter, startTestApp, type TestApp, type TestClient } from '../support/harness.ts';
import { NO_AI } from '../support/fake-openai.ts';
import { OUTBOX_MAIL } from '../support/smtp-sink.ts';
import { ORIGIN } from '../support/constants.ts';
import { uniqueTag } from '../support/test-data.ts';

let app: TestApp;
let recruiter: TestClient;
let admin: TestClient;

beforeAll(async () => {
  app = await startTestApp({ config: { openai: NO_AI, ...OUTBOX_MAIL } });
  recruiter = app.client({ ip: '10.25.0.1' });
  admin = app.client({ ip: '10.25.0.2' });
  await signInRecruiter(recruiter);
  await signInAdmin(admin);
});
afterAll(async () => { await app?.close(); });

interface Candidate { id: number; email: string; allowsEmail: boolean }

/** POST /api/candidates with email consent, as a recruiter fills in the form. */
async function newCandidate(email: string): Promise<Candidate> {
  const created = await recruiter.post('/api/candidates', { name: 'Mailbox Person', email, allowsEmail: true });
  expect(created.status, created.text).toBe(201);
  return created.json as Candidate;
}

const sendEmail = (candidateId: number) =>
  recruiter.post(`/api/candidates/${candidateId}/messages`, { subject: 'A role', content: 'Interested?', channel: 'email' });

/** The candidate gets an email and unsubscribes with its one-click link (RFC 8058), as a mail provider sends it. */
async function unsubscribes(email: string) {
  const person = await newCandidate(email);
  const sent = await sendEmail(person.id);
  expect(sent.status, sent.text).toBe(201);
  const { rows } = await app.pools.owner.query<{ reply_token: string }>('select reply_token from public.messages where id = $1', [sent.json.message.id]);
  const response = await app.api.request(`${ORIGIN}/api/unsubscribe/${rows[0].reply_token}`, {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click',
  });
  expect(await response.json()).toEqual({ success: true, status: 'unsubscribed' });
}

/** The candidate is shown with `email` and cannot be emailed: the mailbox opted out, and the ledger says so. */
async function expectMailboxOptedOut(candidateId: number, email: string) {
  const detail = (await recruiter.get(`/api/candidates/${candidateId}`)).json;
  expect(detail).toMatchObject({ email, allowsEmail: false, contactBlockers: { email: ['opted_out'] } });
  expect(detail.consentHistory.find((entry: { source: string }) => entry.source === 'suppression')?.wording)
    .toMatch(/^Address is on the suppression list since .* \(the candidate opted out, one_click\): email consent withdrawn$/);
  const refused = await sendEmail(candidateId);
  expect(refused.status).toBe(422);
  expect(refused.json).toEqual({ error: 'Candidate unsubscribed', code: 'blockers.opted_out', field: 'channel' });
  const stored = await app.pools.owner.query<{ email: string }>('select email::text from public.candidates where id = $1', [candidateId]);
  expect(stored.rows[0].email).toBe(email);
}

async function expectEmailable(candidateId: number) {
  expect((await recruiter.get(`/api/candidates/${candidateId}`)).json).toMatchObject({ allowsEmail: true, contactBlockers: { email: [] } });
  expect((await sendEmail(candidateId)).status).toBe(201);
}

describe('one mailbox, one consent', () => {
  it('after x@ unsubscribed, a new X+anything@ with consent is not emailable, and keeps its address', async () => {
    const tag = uniqueTag();
    await unsubscribes(`${tag}@example.com`);
    const variant = await newCandidate(`${tag.toUpperCase()}+Anything@Example.com`);
    // The API stores addresses in lower case (as before); the +tag stays.
    expect(variant).toMatchObject({ email: `${tag}+anything@example.com`, allowsEmail: false });
    await expectMailboxOptedOut(variant.id, `${tag}+anything@example.com`);
    // The admin's look-up finds the mailbox by any of its addresses.
    expect((await admin.get(`/api/admin/suppressions?email=${encodeURIComponent(`${tag}+other@example.com`)}`)).json.entry)
      .toMatchObject({ suppressed: true, source: 'one_click', byCandidate: true });
    // Another mailbox at the same domain is not touched.
    await expectEmailable((await newCandidate(`${tag}-colleague@example.com`)).id);
  });

  it('a Gmail address: dots and googlemail.com reach the same mailbox; a subdomain of gmail.com does not', async () => {
    const tag = uniqueTag();
    await unsubscribes(`${tag}.first.last@gmail.com`);
    const variant = await newCandidate(`${tag}First.Last+jobs@GoogleMail.com`);
    await expectMailboxOptedOut(variant.id, `${tag}first.last+jobs@googlemail.com`);
    const dotted = await newCandidate(`${tag}.f.i.r.s.t.l.a.s.t@gmail.com`);
    await expectMailboxOptedOut(dotted.id, `${tag}.f.i.r.s.t.l.a.s.t@gmail.com`);
    await expectEmailable((await newCandidate(`${tag}.first.last@mail.gmail.com`)).id);
  });

  it('the reverse: after x+a@ unsubscribed, a new x@ (and x+b@) is not emailable', async () => {
    const tag = uniqueTag();
    await unsubscribes(`${tag}+a@example.com`);
    const plain = await newCandidate(`${tag}@example.com`);
    await expectMailboxOptedOut(plain.id, `${tag}@example.com`);
    const other = await newCandidate(`${tag}+b@example.com`);
    await expectMailboxOptedOut(other.id, `${tag}+b@example.com`);
  });

  it('a CSV import that grants consent does not grant it to another address of an opted-out mailbox', async () => {
    const tag = uniqueTag();
    await unsubscribes(`${tag}@example.com`);
    const created = await recruiter.post('/api/imports', { fileName: 'variants.csv', duplicates: 'skip', emailConsent: 'agreed', mapping: { name: 0, email: 1, allowsEmail: 2 } });
    expect(created.status, created.text).toBe(201);
    const upload = await recruiter.send('PUT', `/api/imports/${created.json.id}/file`, {
      body: `name,email,allowsEmail\nTagged,${tag.toUpperCase()}+csv@Example.com,yes\nSomeone Else,${tag}-else@example.com,yes\n`,
      headers: { 'content-type': 'text/csv' },
    });
    expect(upload.json).toMatchObject({ status: 'completed', imported: 2 });
    const { rows } = await app.pools.owner.query<{ id: number; email: string }>(
      'select id, email::text from public.candidates where email = any ($1::citext[])', [[`${tag}+csv@example.com`, `${tag}-else@example.com`]]);
    const byEmail = Object.fromEntries(rows.map((row) => [row.email, row.id]));
    await expectMailboxOptedOut(byEmail[`${tag}+csv@example.com`], `${tag}+csv@example.com`);
    await expectEmailable(byEmail[`${tag}-else@example.com`]);
  });
});

describe('entries written before the mailbox key (the old hash of the address as typed)', () => {
  /** What 20261123000010's email_address_hash wrote: the trimmed, lower-cased address, peppered. */
  async function listWithOldHash(email: string, source: string, byCandidate: boolean) {
    await app.pools.owner.query(
      `insert into public.email_suppressions (address_hash, source, by_candidate)
       values (sha256((select value from private.settings where name = 'email_hash_pepper') || convert_to(lower(btrim($1)), 'UTF8')), $2, $3)`,
      [email, source, byCandidate]);
  }
  const lookUp = async (email: string) => (await admin.get(`/api/admin/suppressions?email=${encodeURIComponent(email)}`)).json;

  it('still suppress their address, and an admin’s lift removes them', async () => {
    const tag = uniqueTag();
    await listWithOldHash(`${tag}+old@example.com`, 'one_click', true);
    const again = await newCandidate(`${tag}+old@example.com`);
    await expectMailboxOptedOut(again.id, `${tag}+old@example.com`);

    const before = await lookUp(`${tag}+old@example.com`);
    expect(before.entry).toMatchObject({ suppressed: true, source: 'one_click', byCandidate: true });
    const removed = await admin.post('/api/admin/suppressions/remove', { email: `${tag}+old@example.com`, reason: 'The address has a new owner' });
    expect(removed.status, removed.text).toBe(200);
    expect(await lookUp(`${tag}+old@example.com`)).toMatchObject({ entry: { suppressed: false } });
  });

  it('a recruiter’s grant after a bounce removes the old entry with the new one', async () => {
    const tag = uniqueTag();
    await listWithOldHash(`${tag}+bounced@example.com`, 'bounce', false);
    const person = await newCandidate(`${tag}+bounced@example.com`);
    expect((await recruiter.get(`/api/candidates/${person.id}`)).json).toMatchObject({ allowsEmail: false, contactBlockers: { email: ['no_consent'] } });
    const granted = await recruiter.patch(`/api/candidates/${person.id}`, { allowsEmail: true, consentWording: 'Gave a working address on the phone' });
    expect(granted.status, granted.text).toBe(200);
    await expectEmailable(person.id);
  });
});
