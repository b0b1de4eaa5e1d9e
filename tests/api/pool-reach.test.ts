// GET /api/talent-pools/{id}/reach: how many of a pool a campaign would reach now and why the others are
// skipped. It is dispatch's rule, so the counts must equal what a launched campaign records.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN } from '../support/constants.ts';
import { NO_AI } from '../support/fake-openai.ts';
import { signInRecruiter, startAppWithWorker, type TestAppWithWorker, type TestClient } from '../support/harness.ts';
import { OUTBOX_MAIL } from '../support/smtp-sink.ts';
import { CONSENT, newCandidate, newPool } from '../support/test-data.ts';
import { whatsappCandidate } from '../support/fake-whatsapp.ts';
import { until } from '../support/until.ts';
import { canContact, type ContactFacts } from '#domain/consent/eligibility.ts';

let app: TestAppWithWorker;
let recruiter: TestClient;

beforeAll(async () => {
  app = await startAppWithWorker({ config: { openai: NO_AI, ...OUTBOX_MAIL } });
  recruiter = app.client({ ip: '10.24.7.1' });
  await signInRecruiter(recruiter);
});
afterAll(async () => {
  await app?.close();
});

/** The candidate unsubscribes through the one-click link of a mail they got. */
async function unsubscribe(candidateId: number) {
  const sent = await recruiter.post(`/api/candidates/${candidateId}/messages`, { subject: 'A role', content: 'Interested?', channel: 'email' });
  expect(sent.status, sent.text).toBe(201);
  const { rows } = await app.pools.owner.query<{ reply_token: string }>('select reply_token from public.messages where id = $1', [sent.json.message.id]);
  const response = await app.api.request(`${ORIGIN}/api/unsubscribe/${rows[0].reply_token}`, {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click',
  });
  expect(response.status).toBe(200);
}

/** 3 who can be emailed, 2 without an address, 1 who did not consent, 1 who unsubscribed. */
async function mixedPool() {
  const people = await Promise.all([
    newCandidate(recruiter, CONSENT.email), newCandidate(recruiter, CONSENT.email), newCandidate(recruiter, CONSENT.email),
    newCandidate(recruiter, CONSENT.noAddress), newCandidate(recruiter, CONSENT.noAddress),
    newCandidate(recruiter, CONSENT.noEmailConsent), newCandidate(recruiter, CONSENT.email),
  ]);
  await unsubscribe(people[6].id);
  return newPool(recruiter, people.map((p) => p.id));
}

describe('a pool\'s reach', () => {
  it('counts the eligible and groups the skipped by the reason dispatch records, most first', async () => {
    const pool = await mixedPool();
    const reach = await recruiter.get(`/api/talent-pools/${pool.id}/reach`);
    expect(reach.status, reach.text).toBe(200);
    expect(reach.json).toEqual({
      eligible: 3,
      byWhatsApp: 0,
      skipped: [
        { reason: 'No email address on file', code: 'blockers.no_email', count: 2 },
        { reason: 'Candidate has not consented to email', code: 'blockers.no_consent', count: 1 },
        { reason: 'Candidate unsubscribed', code: 'blockers.opted_out', count: 1 },
      ],
    });

    // A campaign launched to the pool skips exactly these, for exactly these reasons.
    const created = await recruiter.post('/api/campaigns', {
      name: `Reach ${randomUUID().slice(0, 6)}`, campaignType: 'nurture', talentPoolId: pool.id, language: 'english',
      emailSubject: 'Hello {{firstName}}', emailContent: 'Hi {{firstName}}, how are you?', messageTemplate: 'Hi {{firstName}}, how are you?',
      scheduledAt: new Date(Date.now() - 1000).toISOString(),
    });
    expect(created.status, created.text).toBe(201);
    const done = await until(() => recruiter.get(`/api/campaigns/${created.json.campaign.id}`), (r) => r.json.recipients > 0);
    const recorded = [...done.json.progress.skipReasons].sort((a: { reason: string }, b: { reason: string }) => a.reason.localeCompare(b.reason));
    expect(recorded).toEqual([...reach.json.skipped].sort((a: { reason: string }, b: { reason: string }) => a.reason.localeCompare(b.reason)));
    expect(done.json.recipients - done.json.skipped).toBe(reach.json.eligible);
  });

  it('follows consent as it changes and answers an empty pool with nothing', async () => {
    const person = await newCandidate(recruiter, CONSENT.noEmailConsent);
    const pool = await newPool(recruiter, [person.id]);
    expect((await recruiter.get(`/api/talent-pools/${pool.id}/reach`)).json).toEqual({ eligible: 0, byWhatsApp: 0, skipped: [{ reason: 'Candidate has not consented to email', code: 'blockers.no_consent', count: 1 }] });
    const given = await recruiter.patch(`/api/candidates/${person.id}`, { allowsEmail: true, consentWording: 'said yes on the phone on 3 Nov' });
    expect(given.status, given.text).toBe(200);
    expect((await recruiter.get(`/api/talent-pools/${pool.id}/reach`)).json).toEqual({ eligible: 1, byWhatsApp: 0, skipped: [] });
    const empty = await newPool(recruiter);
    expect((await recruiter.get(`/api/talent-pools/${empty.id}/reach`)).json).toEqual({ eligible: 0, byWhatsApp: 0, skipped: [] });
  });

  it('with ?whatsapp=true, counts who gets step 1 by WhatsApp template and who by email, as dispatch sends it', async () => {
    const [both, whatsappOnly, emailOnly, neither] = await Promise.all([
      whatsappCandidate(recruiter), whatsappCandidate(recruiter, { email: null }),
      newCandidate(recruiter, CONSENT.email), newCandidate(recruiter, CONSENT.noAddress),
    ]);
    const pool = await newPool(recruiter, [both.id, whatsappOnly.id, emailOnly.id, neither.id]);
    expect((await recruiter.get(`/api/talent-pools/${pool.id}/reach`)).json)
      .toEqual({ eligible: 2, byWhatsApp: 0, skipped: [{ reason: 'No email address on file', code: 'blockers.no_email', count: 2 }] });
    expect((await recruiter.get(`/api/talent-pools/${pool.id}/reach?whatsapp=true`)).json)
      .toEqual({ eligible: 3, byWhatsApp: 2, skipped: [{ reason: 'No email address on file', code: 'blockers.no_email', count: 1 }] });
    expect((await recruiter.get(`/api/talent-pools/${pool.id}/reach?whatsapp=false`)).json.byWhatsApp).toBe(0);
    // WhatsApp withdrawn: the email is what is left, and without an address, nothing.
    const withdrawn = await recruiter.patch(`/api/candidates/${whatsappOnly.id}`, { allowsWhatsapp: false, consentWording: 'asked us to stop on 3 Nov' });
    expect(withdrawn.status, withdrawn.text).toBe(200);
    expect((await recruiter.get(`/api/talent-pools/${pool.id}/reach?whatsapp=true`)).json)
      .toEqual({ eligible: 2, byWhatsApp: 1, skipped: [{ reason: 'No email address on file', code: 'blockers.no_email', count: 2 }] });

    const bad = await recruiter.get(`/api/talent-pools/${pool.id}/reach?whatsapp=maybe`);
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ field: 'whatsapp', error: expect.stringContaining('whatsapp must be true or false') });
  });

  it('leaves out a member whose address is on the suppression list, which the candidate list cannot show: the compose preview counts and names by this answer', async () => {
    const [ana, bo, bounced, declined] = await Promise.all([
      newCandidate(recruiter, { ...CONSENT.email, name: `Ana ${randomUUID().slice(0, 6)}` }),
      newCandidate(recruiter, { ...CONSENT.email, name: `Bo ${randomUUID().slice(0, 6)}` }),
      newCandidate(recruiter, { ...CONSENT.email, name: `Aa Bounced ${randomUUID().slice(0, 6)}` }),
      newCandidate(recruiter, CONSENT.noEmailConsent),
    ]);
    // A hard bounce suppresses the address as the bounce handler does (decision 019); consent stays as it was.
    await app.pools.owner.query(`select public.suppress_bounced_address($1, 'test: 550 5.1.1 no such user')`, [bounced.email]);
    const pool = await newPool(recruiter, [ana.id, bo.id, bounced.id, declined.id]);

    // What the browser has of them: the list shows the bounced member with an address and consent, so the old
    // in-browser count (eligibility.ts without the suppression list, which only the server knows) counted them.
    const listed = (await recruiter.get('/api/candidates?limit=10000')).json as Array<ContactFacts & { id: number }>;
    expect(canContact(listed.find((c) => c.id === bounced.id)!, 'email')).toBe(true);
    expect(listed.filter((c) => [ana.id, bo.id, bounced.id, declined.id].includes(c.id) && canContact(c, 'email'))).toHaveLength(3);

    const reach = await recruiter.get(`/api/talent-pools/${pool.id}/reach?names=true`);
    expect(reach.status, reach.text).toBe(200);
    expect(reach.json).toEqual({
      eligible: 2, byWhatsApp: 0,
      skipped: [
        expect.objectContaining({ reason: 'Candidate has not consented to email', code: 'blockers.no_consent', count: 1 }),
        expect.objectContaining({ reason: 'Email address is on the suppression list', code: 'blockers.suppressed', count: 1 }),
      ],
      names: [ana.name, bo.name],
    });
    // The wizard's question (no names) gets the same count and no names.
    expect((await recruiter.get(`/api/talent-pools/${pool.id}/reach`)).json).toEqual({ eligible: 2, byWhatsApp: 0, skipped: reach.json.skipped });
    const bad = await recruiter.get(`/api/talent-pools/${pool.id}/reach?names=maybe`);
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ field: 'names' });

    // And a campaign sent to the pool reaches exactly those.
    const created = await recruiter.post('/api/campaigns', {
      name: `Suppressed ${randomUUID().slice(0, 6)}`, campaignType: 'nurture', talentPoolId: pool.id, language: 'english',
      emailSubject: 'Hello {{firstName}}', emailContent: 'Hi {{firstName}}, how are you?', messageTemplate: 'Hi {{firstName}}, how are you?',
      scheduledAt: new Date(Date.now() - 1000).toISOString(),
    });
    expect(created.status, created.text).toBe(201);
    const done = await until(() => recruiter.get(`/api/campaigns/${created.json.campaign.id}`), (r) => r.json.recipients > 0);
    expect(done.json.recipients - done.json.skipped).toBe(reach.json.eligible);
  });

  it('names at most 5, by name, and the count goes on', async () => {
    const people = await Promise.all(['Fay', 'Eve', 'Dan', 'Cy', 'Bea', 'Al', 'Gus'].map((first) =>
      newCandidate(recruiter, { ...CONSENT.email, name: `${first} ${randomUUID().slice(0, 6)}` })));
    const pool = await newPool(recruiter, people.map((p) => p.id));
    const reach = (await recruiter.get(`/api/talent-pools/${pool.id}/reach?names=true`)).json;
    expect(reach.eligible).toBe(7);
    expect(reach.names).toEqual(people.map((p) => p.name).sort((a, b) => a.localeCompare(b)).slice(0, 5));
  });

  it('refuses an unknown pool, a bad id and a caller without a session', async () => {
    const unknown = await recruiter.get('/api/talent-pools/999999999/reach');
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual({ error: 'Talent pool not found', code: 'talent_pool_not_found', field: 'id' });
    for (const id of ['x', '0', '-1', '1e20']) {
      const bad = await recruiter.get(`/api/talent-pools/${id}/reach`);
      expect(bad.status, id).toBe(400);
      expect(bad.json.field, id).toBe('id');
    }
    const pool = await newPool(recruiter);
    expect((await app.client().get(`/api/talent-pools/${pool.id}/reach`)).status).toBe(401);
  });
});
