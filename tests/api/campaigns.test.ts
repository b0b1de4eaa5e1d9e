// Campaigns: the wizard's payload and the compose dialog's pool send create a
// scheduled campaign; the worker dispatches it (eligible recipients get a
// personalised message, the others are recorded as skipped with a reason) and
// delivers it into the dev outbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInRecruiter, startAppWithWorker, type TestAppWithWorker, type TestClient } from '../support/harness.ts';
import { NO_AI } from '../support/fake-openai.ts';
import { OUTBOX_MAIL } from '../support/smtp-sink.ts';
import { randomUUID } from 'node:crypto';
import type { Worker } from '#worker/index.ts';
import { QUEUES } from '#platform/runtime/jobs.server.ts';
import { until } from '../support/until.ts';
import { CONSENT, newCandidate, newPool, uniqueTag } from '../support/test-data.ts';

let app: TestAppWithWorker;
let worker: Worker;
let recruiter: TestClient;

beforeAll(async () => {
  app = await startAppWithWorker({ config: { openai: NO_AI, ...OUTBOX_MAIL } });
  worker = app.worker;
  recruiter = app.client({ ip: '10.24.0.1' });
  await signInRecruiter(recruiter);
});
afterAll(async () => {
  await app?.close();
});

/** What the pool holds, by the one eligibility rule (public.can_contact). */
async function poolCounts(poolId: number) {
  const { rows } = await app.pools.owner.query(
    `select count(*)::int as members,
            (count(*) filter (where public.can_contact(c, 'email')))::int as eligible
       from public.talent_pool_members m join public.candidates c on c.id = m.candidate_id where m.talent_pool_id = $1`, [poolId]);
  return rows[0] as { members: number; eligible: number };
}

/** A pool of its own: `eligible` people who can be emailed, one who did not consent and one without an address. */
async function mixedPool(eligible = 3) {
  const person = (fields: Record<string, unknown>) => newCandidate(recruiter, { name: `Noor Campaign ${uniqueTag()}`, jobFunction: 'Data Engineer', ...fields });
  const people = await Promise.all([
    ...Array.from({ length: eligible }, () => person(CONSENT.email)), person(CONSENT.noEmailConsent), person(CONSENT.noAddress),
  ]);
  return newPool(recruiter, people.map((p) => p.id));
}

/** Runs a job on the worker now and waits until it has run to its end. */
async function runToCompletion(queue: string, data: object) {
  const id = randomUUID();
  await worker.jobs.send(queue, [{ data, id }]);
  const [job] = await until(() => worker.boss.findJobs(queue, { id }), ([found]) => found?.state === 'completed' || found?.state === 'failed');
  expect(job.state).toBe('completed');
}

describe('campaigns', () => {
  it('the wizard schedules a campaign; the worker sends it to the eligible and skips the rest with a reason', async () => {
    const pool = await mixedPool();
    const talentPoolId = pool.id;
    const created = await recruiter.post('/api/campaigns', {
      name: 'Nurture Campaign Nov 21', campaignType: 'nurture', talentPoolId, language: 'dutch',
      emailSubject: 'Hoe gaat het, {{firstName}}?', emailContent: 'Hoi {{firstName}},\n\nHoe bevalt je werk als {{jobFunction}}?\n\nGroet,\n{{recruiterName}}',
      messageTemplate: 'Hoi {{firstName}},\n\nHoe bevalt je werk als {{jobFunction}}?\n\nGroet,\n{{recruiterName}}',
      scheduledAt: new Date(Date.now() - 1000).toISOString(),
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ success: true, campaign: { name: 'Nurture Campaign Nov 21', campaignType: 'nurture', language: 'dutch', talentPoolId } });
    const { id } = created.json.campaign;

    const expected = await poolCounts(talentPoolId);
    expect(expected).toEqual({ members: 5, eligible: 3 }); // the pool has people who cannot be mailed
    const done = await until(() => recruiter.get(`/api/campaigns/${id}`), (r) => r.json.status === 'sent');
    expect(done.json).toMatchObject({
      recipients: expected.members, sent: expected.eligible, skipped: expected.members - expected.eligible, failed: 0, pending: 0,
      progress: { percent: 100 },
    });
    const reasons = done.json.progress.skipReasons.map((r: { reason: string }) => r.reason).sort();
    expect(reasons).toEqual(['Candidate has not consented to email', 'No email address on file']);

    // Each message is written for its recipient.
    const { rows } = await app.pools.owner.query(
      `select m.subject, m.content, c.name, c.job_function from public.messages m join public.candidates c on c.id = m.candidate_id
        where m.campaign_id = $1 limit 3`, [id]);
    for (const row of rows) {
      const first = row.name.split(' ')[0];
      expect(row.subject).toBe(`Hoe gaat het, ${first}?`);
      expect(row.content).toBe(`Hoi ${first},\n\nHoe bevalt je werk als ${row.job_function}?\n\nGroet,\nSam Jansen`);
    }
    const list = await recruiter.get('/api/campaigns');
    expect(list.json.campaigns.find((c: { id: number }) => c.id === id)).toMatchObject({
      status: 'sent', recipients: expected.members, sent: expected.eligible, skipped: expected.members - expected.eligible, failed: 0,
      talentPoolName: pool.name,
    });
  });

  it('the compose dialog sends to a pool as a "Quick Message" campaign', async () => {
    const talentPoolId = (await mixedPool(2)).id;
    const created = await recruiter.post('/api/campaigns', {
      name: 'Quick Message 11/21/2026', messageTemplate: 'Hi {{firstName}}, graduation is close!', talentPoolId,
      scheduledAt: new Date().toISOString(), channels: ['email', 'whatsapp'], primaryChannel: 'email',
      emailSubject: 'Congratulations in advance', emailContent: 'Hi {{firstName}}, graduation is close!',
    });
    expect(created.status).toBe(201);
    expect(created.json.campaign).toMatchObject({ campaignType: 'quick', channels: ['email', 'whatsapp'], primaryChannel: 'email' });
    const expected = await poolCounts(talentPoolId);
    const done = await until(() => recruiter.get(`/api/campaigns/${created.json.campaign.id}`), (r) => r.json.status === 'sent');
    expect(done.json.sent).toBe(expected.eligible);
    const outbox = await recruiter.get('/api/outbox');
    expect(outbox.json.emails.filter((e: { subject: string }) => e.subject.startsWith('Congratulations in advance'))).toHaveLength(expected.eligible);
  });

  it('a campaign set for later waits, showing how many it could reach now', async () => {
    const pool = await mixedPool();
    const scheduledAt = new Date(Date.now() + 86_400_000);
    const created = await recruiter.post('/api/campaigns', {
      name: 'Event Invitation Dec', campaignType: 'event', talentPoolId: pool.id,
      emailSubject: 'You are invited: React Night', emailContent: 'Hi {{firstName}}, join us!', scheduledAt: scheduledAt.toISOString(),
    });
    const campaignId = created.json.campaign.id;
    // The API's dispatch job waits for the campaign's time...
    const [queued] = await worker.boss.findJobs(QUEUES.campaignDispatch, { data: { campaignId } });
    expect(queued).toMatchObject({ state: 'created', startAfter: scheduledAt });
    // ...and what the worker does before then leaves the campaign alone: a dispatch job that comes early
    // (jobs arrive at least once) and a run of the sweep that dispatches due campaigns, each run to its end.
    await runToCompletion(QUEUES.campaignDispatch, { campaignId });
    await runToCompletion(QUEUES.messagingSweep, {});
    const campaign = await recruiter.get(`/api/campaigns/${campaignId}`);
    expect(campaign.json).toMatchObject({ status: 'scheduled', recipients: 0, progress: { percent: 0 } });
    expect(campaign.json.progress.eligibleNow).toBe((await poolCounts(pool.id)).eligible);
  });

  it('validates with the spec texts', async () => {
    const post = (body: Record<string, unknown>) => recruiter.post('/api/campaigns', body);
    const valid = { name: 'N', campaignType: 'nurture', talentPoolId: (await newPool(recruiter)).id, emailSubject: 'S', emailContent: 'C' };
    expect((await post({ ...valid, campaignType: undefined })).json).toEqual({ error: 'Campaign type is required', code: 'validation.campaign_type_required', field: 'campaignType' });
    expect((await post({ ...valid, name: '' })).json).toEqual({ error: 'Campaign name is required', code: 'validation.campaign_name_required', field: 'name' });
    expect((await post({ ...valid, talentPoolId: undefined })).json).toEqual({ error: 'Talent pool is required', code: 'validation.talent_pool_required', field: 'talentPoolId' });
    expect((await post({ ...valid, emailSubject: ' ' })).json).toEqual({ error: 'Email subject is required', code: 'validation.email_subject_required', field: 'emailSubject' });
    expect((await post({ ...valid, emailContent: undefined })).json).toEqual({ error: 'Email content is required', code: 'validation.email_content_required', field: 'emailContent' });
    expect((await post({ ...valid, language: 'german' })).json).toEqual({ error: 'language must be english or dutch', code: 'validation.language', field: 'language' });
    expect((await post({ ...valid, scheduledAt: 'tomorrow-ish' })).json.field).toBe('scheduledAt');
    const unknownPool = await post({ ...valid, talentPoolId: 999999 });
    expect(unknownPool.status).toBe(422);
    expect(unknownPool.json).toEqual({ error: 'Talent pool not found', code: 'talent_pool_not_found', field: 'talentPoolId' });
    const blank = await post({ ...valid, emailContent: 'Join {{company}} as {{jobTitle}}' });
    expect(blank.json).toEqual({ error: 'Replace {{company}}, {{jobTitle}} in the email content before sending', code: 'placeholders_left_email_content', params: { placeholders: '{{company}}, {{jobTitle}}' }, field: 'emailContent' });
    expect((await app.client().get('/api/campaigns')).status).toBe(401);
    expect((await recruiter.get('/api/campaigns/999999')).status).toBe(404);
  });
});
