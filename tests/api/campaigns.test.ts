// Campaigns: the wizard's payload and the compose dialog's pool send create a
// scheduled campaign; the worker dispatches it (eligible recipients get a
// personalised message, the others are recorded as skipped with a reason) and
// delivers it into the dev outbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInRecruiter, startTestApp, type TestApp, type TestClient } from '../support/harness.ts';
import { NO_AI } from '../support/fake-openai.ts';
import { OUTBOX_MAIL } from '../support/smtp-sink.ts';
import { startWorker, type Worker } from '#worker/index.ts';
import { until } from '../support/until.ts';

let app: TestApp;
let worker: Worker;
let recruiter: TestClient;
let pools: Array<{ id: number; name: string }>;

beforeAll(async () => {
  app = await startTestApp({
    config: { openai: NO_AI, ...OUTBOX_MAIL },
    jobs: { send: (queue, jobs) => worker.jobs.send(queue, jobs) },
  });
  worker = await startWorker(app.ownerUrl, app.pools, () => undefined, app.config);
  recruiter = app.client({ ip: '10.24.0.1' });
  await signInRecruiter(recruiter);
  pools = (await app.pools.owner.query('select id, name from public.talent_pools order by id')).rows;
});
afterAll(async () => {
  await worker?.stop();
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

const pool = (name: string) => pools.find((p) => p.name === name)!.id;

describe('campaigns', () => {
  it('the wizard schedules a campaign; the worker sends it to the eligible and skips the rest with a reason', async () => {
    const talentPoolId = pool('Data & AI');
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
    expect(expected.eligible).toBeLessThan(expected.members); // the pool has people who cannot be mailed
    const done = await until(() => recruiter.get(`/api/campaigns/${id}`), (r) => r.json.status === 'sent');
    expect(done.json).toMatchObject({
      recipients: expected.members, sent: expected.eligible, skipped: expected.members - expected.eligible, failed: 0, pending: 0,
      progress: { percent: 100 },
    });
    const reasons = done.json.progress.skipReasons.map((r: { reason: string }) => r.reason).sort();
    expect(reasons).toEqual(expect.arrayContaining(['Candidate has not consented to email']));
    for (const reason of reasons) expect(['No email address on file', 'Candidate has not consented to email', 'Candidate unsubscribed']).toContain(reason);

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
      talentPoolName: 'Data & AI',
    });
  });

  it('the compose dialog sends to a pool as a "Quick Message" campaign', async () => {
    const talentPoolId = pool('Graduates 2027');
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
    const created = await recruiter.post('/api/campaigns', {
      name: 'Event Invitation Dec', campaignType: 'event', talentPoolId: pool('Frontend Engineers'),
      emailSubject: 'You are invited: React Night', emailContent: 'Hi {{firstName}}, join us!', scheduledAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const campaign = await recruiter.get(`/api/campaigns/${created.json.campaign.id}`);
    expect(campaign.json).toMatchObject({ status: 'scheduled', recipients: 0, progress: { percent: 0 } });
    expect(campaign.json.progress.eligibleNow).toBe((await poolCounts(pool('Frontend Engineers'))).eligible);
  });

  it('validates with the spec texts', async () => {
    const post = (body: Record<string, unknown>) => recruiter.post('/api/campaigns', body);
    const valid = { name: 'N', campaignType: 'nurture', talentPoolId: pools[0].id, emailSubject: 'S', emailContent: 'C' };
    expect((await post({ ...valid, campaignType: undefined })).json).toEqual({ error: 'Campaign type is required', field: 'campaignType' });
    expect((await post({ ...valid, name: '' })).json).toEqual({ error: 'Campaign name is required', field: 'name' });
    expect((await post({ ...valid, talentPoolId: undefined })).json).toEqual({ error: 'Talent pool is required', field: 'talentPoolId' });
    expect((await post({ ...valid, emailSubject: ' ' })).json).toEqual({ error: 'Email subject is required', field: 'emailSubject' });
    expect((await post({ ...valid, emailContent: undefined })).json).toEqual({ error: 'Email content is required', field: 'emailContent' });
    expect((await post({ ...valid, language: 'german' })).json).toEqual({ error: 'language must be english or dutch', field: 'language' });
    expect((await post({ ...valid, scheduledAt: 'tomorrow-ish' })).json.field).toBe('scheduledAt');
    const unknownPool = await post({ ...valid, talentPoolId: 999999 });
    expect(unknownPool.status).toBe(422);
    expect(unknownPool.json).toEqual({ error: 'Talent pool not found', field: 'talentPoolId' });
    const blank = await post({ ...valid, emailContent: 'Join {{company}} as {{jobTitle}}' });
    expect(blank.json).toEqual({ error: 'Replace {{company}}, {{jobTitle}} in the email content before sending', field: 'emailContent' });
    expect((await app.client().get('/api/campaigns')).status).toBe(401);
    expect((await recruiter.get('/api/campaigns/999999')).status).toBe(404);
  });
});
