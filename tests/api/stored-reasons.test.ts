// The reasons SQL functions write themselves carry a code the interface says in its language
// (decision 032, migration 20261128000600): a cancelled campaign's queued messages and their
// recipients, a recipient who leaves the sequence before the first email, an automatic pause, and
// a WhatsApp failure Meta gave no reason for. The answers keep their English (the same as the
// catalogue's text of the code) and carry the code beside it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInRecruiter, startTestApp, type TestApp, type TestClient } from '../support/harness.ts';
import { NO_AI } from '../support/fake-openai.ts';
import { OUTBOX_MAIL } from '../support/smtp-sink.ts';
import { queuedRecipients } from '../support/worker-process.ts';
import { englishText, storedReason } from '#domain/i18n/english.ts';
import type { Coded } from '#domain/i18n/codes.ts';
import { campaignDetailSchema, campaignRecipientListSchema } from '#domain/campaigns/schemas.ts';
import { messageSchema } from '#domain/messages/schemas.ts';

let app: TestApp;
let recruiter: TestClient;

beforeAll(async () => {
  app = await startTestApp({ config: { openai: NO_AI, ...OUTBOX_MAIL }, jobs: { send: () => Promise.resolve() } });
  recruiter = app.client({ ip: '10.46.0.1' });
  await signInRecruiter(recruiter);
});
afterAll(async () => {
  await app?.close();
});

/** A sending campaign (with a follow-up, so it is a sequence) whose `count` first emails are still queued, each a pending recipient. */
async function sendingCampaign(tag: string, count: number) {
  const { messageIds } = await queuedRecipients(app.pools.owner, count, `reasons-${tag}`);
  const { rows: [campaign] } = await app.pools.owner.query<{ id: number }>(
    `insert into public.campaigns (name, campaign_type, email_subject, email_content, status, started_at)
     values ($1, 'nurture', 'A new role', 'Hello', 'sending', now()) returning id`, [`Reasons ${tag}`]);
  await app.pools.owner.query(
    `insert into public.campaign_steps (campaign_id, position, delay_days, subject, content) values ($1, 2, 3, 'Re: A new role', 'Still open?')`,
    [campaign.id]);
  await app.pools.owner.query('update public.messages set campaign_id = $1, campaign_step = 1 where id = any($2)', [campaign.id, messageIds]);
  const { rows } = await app.pools.owner.query<{ candidate_id: number }>(
    `insert into public.campaign_recipients (campaign_id, candidate_id, message_id, status)
     select $1, candidate_id, id, 'pending' from public.messages where id = any($2) order by id returning candidate_id`, [campaign.id, messageIds]);
  return { id: campaign.id, messageIds, candidateIds: rows.map((row) => row.candidate_id) };
}

async function message(id: number) {
  const got = await recruiter.get(`/api/messages/${id}`);
  expect(got.status, got.text).toBe(200);
  return messageSchema.parse(got.json);
}

async function recipients(campaignId: number) {
  const got = await recruiter.get(`/api/campaigns/${campaignId}/recipients`);
  expect(got.status, got.text).toBe(200);
  return campaignRecipientListSchema.parse(got.json).recipients;
}

/** The English the answer carries is the catalogue's text of its code: SQL writes no words of its own. */
function saysItsCode(answer: { error: string | null; errorCode?: string | null; errorParams?: Coded['params'] | null }) {
  expect(answer.error).toBe(englishText({ code: answer.errorCode, params: answer.errorParams ?? undefined } as Coded));
}

describe('what SQL writes, as codes', () => {
  it('a cancelled campaign: its queued messages and their recipients say why by code', async () => {
    const campaign = await sendingCampaign('cancel', 2);
    expect((await recruiter.post(`/api/campaigns/${campaign.id}/cancel`, {})).status).toBe(200);

    const stopped = await message(campaign.messageIds[0]);
    expect(stopped).toMatchObject({ status: 'failed', error: 'Not sent: the campaign was cancelled', errorCode: 'delivery.campaign_cancelled' });
    saysItsCode(stopped);
    const [first] = await recipients(campaign.id);
    expect(first).toMatchObject({
      status: 'cancelled', skipReason: 'The campaign was cancelled before this message was sent', skipReasonCode: 'skipped.campaign_cancelled',
    });
    // Stored as the code itself; the answer's English comes from the catalogue.
    const { rows: [row] } = await app.pools.owner.query<{ skip_reason: string }>(
      'select skip_reason from public.campaign_recipients where campaign_id = $1 limit 1', [campaign.id]);
    expect(storedReason(row.skip_reason)).toEqual({ reason: first.skipReason, code: 'skipped.campaign_cancelled' });
  });

  it('a recipient taken out before the first email: the message and the recipient say why by code', async () => {
    const campaign = await sendingCampaign('exit', 2);
    const removed = await recruiter.post(`/api/campaigns/${campaign.id}/recipients/${campaign.candidateIds[0]}/remove`, {});
    expect(removed.status, removed.text).toBe(200);

    const stopped = await message(campaign.messageIds[0]);
    expect(stopped).toMatchObject({
      status: 'failed', error: 'Not sent: the candidate left the sequence (manual)', errorCode: 'delivery.left_sequence.manual',
    });
    saysItsCode(stopped);
    const left = (await recipients(campaign.id)).find((r) => r.candidate.id === campaign.candidateIds[0])!;
    expect(left).toMatchObject({
      status: 'cancelled', skipReason: 'Left the sequence before the first email was sent', skipReasonCode: 'skipped.left_sequence', exitReason: 'manual',
    });
  });

  it('an automatic pause answers its reason with its code and params', async () => {
    const campaign = await sendingCampaign('pause', 25);
    await app.pools.owner.query(
      `update public.messages set status = 'sent', sent_at = now() - interval '1 minute' where id = any($1)`, [campaign.messageIds]);
    await app.pools.owner.query(
      `insert into public.engagement_events (candidate_id, message_id, campaign_id, kind, metadata)
       select candidate_id, id, campaign_id, 'bounce', '{"type":"hard"}' from public.messages where id = any($1)`,
      [campaign.messageIds.slice(0, 2)]);

    const got = await recruiter.get(`/api/campaigns/${campaign.id}`);
    const detail = campaignDetailSchema.parse(got.json);
    expect(detail).toMatchObject({
      status: 'paused',
      pausedReason: 'Paused automatically: 2 of the last 25 emails bounced or were marked as spam (8.0%; the limit is 5%)',
      pausedReasonCode: 'campaign_auto_paused',
      pausedReasonParams: { bad: 2, sent: 25, percent: 8.0, limit: 5 },
    });
    expect(detail.pausedReason).toBe(englishText({ code: 'campaign_auto_paused', params: detail.pausedReasonParams! }));
    // A resume clears the reason and its code.
    expect((await recruiter.post(`/api/campaigns/${campaign.id}/resume`, {})).status).toBe(200);
    const resumed = campaignDetailSchema.parse((await recruiter.get(`/api/campaigns/${campaign.id}`)).json);
    expect(resumed).toMatchObject({ pausedReason: null, pausedReasonCode: null, pausedReasonParams: null });
  });

  it('a WhatsApp failure without Meta\'s reason says so by code', async () => {
    const { messageIds: [id] } = await queuedRecipients(app.pools.owner, 1, 'reasons-whatsapp');
    await app.pools.owner.query(`update public.messages set channel = 'whatsapp', status = 'sent', sent_at = now() where id = $1`, [id]);
    await app.pools.owner.query(`select public.apply_whatsapp_status($1, 'failed', now(), null)`, [id]);
    const failed = await message(id);
    expect(failed).toMatchObject({ status: 'failed', error: 'WhatsApp could not deliver the message', errorCode: 'delivery.whatsapp_undelivered' });
    saysItsCode(failed);
  });
});
