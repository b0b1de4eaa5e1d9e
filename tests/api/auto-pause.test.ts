// The automatic pause (issue 12): a sending campaign pauses by itself once hard
// bounces or spam complaints reach 5 % of its last 200 sent emails (counted from
// 20), with the reason stored; a resume clears the reason and counts afresh.
// The rule is SQL (trigger on engagement_events); domain/campaigns/auto-pause.ts
// mirrors it, compared here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInRecruiter, startTestApp, type TestApp, type TestClient } from '../support/harness.ts';
import { NO_AI } from '../support/fake-openai.ts';
import { OUTBOX_MAIL } from '../support/smtp-sink.ts';
import { queuedRecipients } from '../support/worker-process.ts';
import { asService } from '#platform/db/request.server.ts';
import { AUTO_PAUSE, crossesAutoPause, deliveryHealth, pausedReason } from '#domain/campaigns/auto-pause.server.ts';

let app: TestApp;
let recruiter: TestClient;

beforeAll(async () => {
  app = await startTestApp({ config: { openai: NO_AI, ...OUTBOX_MAIL }, jobs: { send: () => Promise.resolve() } });
  recruiter = app.client({ ip: '10.41.0.1' });
  await signInRecruiter(recruiter);
});
afterAll(async () => {
  await app?.close();
});

/** A sending campaign with `sent` emails already out (one a second, the newest last) and `queued` still to go. */
async function sendingCampaign(tag: string, sent: number, queued = 5) {
  const { messageIds } = await queuedRecipients(app.pools.owner, sent + queued, `pause-${tag}`);
  const { rows: [campaign] } = await app.pools.owner.query<{ id: number }>(
    `insert into public.campaigns (name, campaign_type, email_subject, email_content, status, started_at)
     values ($1, 'nurture', 'A new role', 'Hello', 'sending', now() - interval '1 hour') returning id`, [`Auto-pause ${tag}`]);
  await app.pools.owner.query('update public.messages set campaign_id = $1 where id = any($2)', [campaign.id, messageIds]);
  await app.pools.owner.query(
    `update public.messages m set status = 'sent', sent_at = now() - make_interval(secs => $2 - x.n)
       from unnest($1::bigint[]) with ordinality as x(id, n) where m.id = x.id`, [messageIds.slice(0, sent), sent]);
  await app.pools.owner.query(
    `insert into public.campaign_recipients (campaign_id, candidate_id, message_id, status)
     select $1, candidate_id, id, case when status = 'sent' then 'sent' else 'pending' end from public.messages where id = any($2)`,
    [campaign.id, messageIds]);
  return { id: campaign.id, sentIds: messageIds.slice(0, sent) };
}

async function event(messageId: number, kind: 'bounce' | 'complaint', type?: 'hard' | 'soft') {
  await app.pools.owner.query(
    `insert into public.engagement_events (candidate_id, message_id, campaign_id, kind, metadata)
     select candidate_id, id, campaign_id, $2, $3 from public.messages where id = $1`,
    [messageId, kind, type ? { type } : {}]);
}
const campaignRow = async (id: number) => (await app.pools.owner.query<{ status: string; paused_reason: string | null }>(
  'select status, paused_reason from public.campaigns where id = $1', [id])).rows[0];

describe('automatic pause', () => {
  it('pauses once hard bounces and complaints reach 5 % of the last sent, with the reason; soft bounces do not count', async () => {
    const campaign = await sendingCampaign('threshold', 60);
    await event(campaign.sentIds[0], 'bounce', 'hard');
    await event(campaign.sentIds[1], 'bounce', 'soft');
    await event(campaign.sentIds[2], 'bounce', 'soft');
    expect(await campaignRow(campaign.id)).toEqual({ status: 'sending', paused_reason: null });
    await event(campaign.sentIds[3], 'complaint');
    expect(await campaignRow(campaign.id)).toEqual({ status: 'sending', paused_reason: null }); // 2 of 60: 3.3 %
    await event(campaign.sentIds[4], 'bounce', 'hard');
    expect(await campaignRow(campaign.id)).toEqual({
      status: 'paused',
      paused_reason: 'Paused automatically: 3 of the last 60 emails bounced or were marked as spam (5.0%; the limit is 5%)',
    });
    expect(await asService(app.pools.app, (tx) => pausedReason(tx, campaign.id))).toMatch(/^Paused automatically/);

    // The delivery claim leaves a paused campaign alone (the same as a pause by hand).
    const resumed = await recruiter.post(`/api/campaigns/${campaign.id}/resume`, {});
    expect(resumed.status).toBe(200);
    expect(await campaignRow(campaign.id)).toEqual({ status: 'sending', paused_reason: null });
    // Counting starts again at the resume: one more bounce of the earlier mail does not pause it at once.
    await event(campaign.sentIds[5], 'bounce', 'hard');
    expect(await campaignRow(campaign.id)).toEqual({ status: 'sending', paused_reason: null });
    expect(await asService(app.pools.app, (tx) => deliveryHealth(tx, campaign.id))).toEqual({ sent: 0, bad: 0 });
  });

  it('counts only the last 200 sent and needs at least 20', async () => {
    const few = await sendingCampaign('few', AUTO_PAUSE.minimumSent - 1);
    for (const id of few.sentIds.slice(0, 5)) await event(id, 'bounce', 'hard');
    expect((await campaignRow(few.id)).status).toBe('sending');

    const many = await sendingCampaign('window', 260);
    // Bounces of the 60 oldest are outside the last 200.
    for (const id of many.sentIds.slice(0, 20)) await event(id, 'bounce', 'hard');
    expect((await campaignRow(many.id)).status).toBe('sending');
    for (const id of many.sentIds.slice(-9)) await event(id, 'bounce', 'hard');
    expect(await asService(app.pools.app, (tx) => deliveryHealth(tx, many.id))).toEqual({ sent: 200, bad: 9 });
    expect((await campaignRow(many.id)).status).toBe('sending');
    await event(many.sentIds[259 - 9], 'bounce', 'hard');
    expect(await campaignRow(many.id)).toMatchObject({ status: 'paused', paused_reason: expect.stringContaining('10 of the last 200') });
  });

  it('the TS mirror agrees with the SQL rule at its edges', async () => {
    for (const [sent, bad] of [[19, 19], [20, 0], [20, 1], [39, 1], [40, 2], [100, 4], [100, 5]] as const) {
      const campaign = await sendingCampaign(`mirror-${sent}-${bad}`, sent, 0);
      if (bad) {
        await app.pools.owner.query(
          `insert into public.engagement_events (candidate_id, message_id, campaign_id, kind, metadata)
           select candidate_id, id, campaign_id, 'bounce', '{"type":"hard"}' from public.messages where id = any($1)`,
          [campaign.sentIds.slice(0, bad)]);
      }
      const paused = (await campaignRow(campaign.id)).status === 'paused';
      expect(paused, `${bad} of ${sent}`).toBe(crossesAutoPause({ sent, bad }));
    }
  });
});
