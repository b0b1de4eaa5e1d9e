// Campaigns: a message to every eligible candidate of a pool, at a set time.
// Creating one stores it 'scheduled'; when it is due the worker dispatches it
// in chunks (recipients, skip reasons, one queued message each) while the mail
// job sends the messages; the campaign is 'sent' once none is pending.
import { waitingCounts } from './waiting.server.ts';
import type { Tx } from '../../platform/db/request.server.ts';
import { isoTimestamp } from '../../platform/db/sql-time.server.ts';
import { campaignPlaceholdersToFill, clearLanguage, usesBookingLink } from '../placeholders/placeholders.ts';
import { organisationSettings } from '../settings/organisation.server.ts';
import { defaultMeetingType } from '../meetings/meeting-types.server.ts';
import { followUpSubjects } from './follow-up-subjects.ts';
import type { CampaignDetail, CampaignSummary, NewCampaign } from './schemas.ts';
import { progressPercent } from './progress.ts';
import { campaignFunnel, campaignSteps, listFigures, percentOf, type ListFigures } from './results.server.ts';
import { MessagingError } from '../messages/messages.server.ts';
import { say, type Said } from '../i18n/codes.ts';
import { storedReason } from '../i18n/english.ts';
import { loadWhatsAppConfig, whatsappConfigured, type WhatsAppConfig } from '../whatsapp/config.server.ts';
import { checkTemplate } from '../whatsapp/channel.server.ts';
import { poolReach } from './reach.server.ts';
import { MEMBER_COLUMNS, PLAN_COLUMNS, sendPlan, writeFirstStep, type Member, type PlanRow, type Queued } from './sequences.server.ts';

export { skipReason } from './sequences.server.ts';

const CAMPAIGN_COLUMNS = `k.id, k.name, k.campaign_type as "campaignType", k.status, k.talent_pool_id as "talentPoolId",
  p.name as "talentPoolName", k.email_subject as "emailSubject", k.language, k.channels, k.primary_channel as "primaryChannel",
  ${isoTimestamp('k.scheduled_at')} as "scheduledAt", ${isoTimestamp('k.started_at')} as "startedAt",
  ${isoTimestamp('k.completed_at')} as "completedAt", ${isoTimestamp('k.created_at')} as "createdAt",
  count(r.id)::int as recipients,
  (count(*) filter (where r.status = 'pending'))::int as pending,
  (count(*) filter (where r.status = 'sent'))::int as sent,
  (count(*) filter (where r.status = 'skipped'))::int as skipped,
  (count(*) filter (where r.status = 'failed'))::int as failed`;
const FROM_CAMPAIGNS = `from public.campaigns k
  left join public.talent_pools p on p.id = k.talent_pool_id
  left join public.campaign_recipients r on r.campaign_id = k.id`;


type CampaignCounts = Omit<CampaignSummary, keyof ListFigures>;

export async function listCampaigns(tx: Tx): Promise<CampaignSummary[]> {
  const { rows } = await tx.query<CampaignCounts>(`select ${CAMPAIGN_COLUMNS} ${FROM_CAMPAIGNS} group by k.id, p.name order by k.created_at desc, k.id desc limit 200`);
  const figures = await listFigures(tx, rows.filter((row) => row.recipients).map((row) => row.id));
  return rows.map((row) => ({ ...row, ...(figures.get(row.id) ?? { humanOpenRate: 0, replyRate: 0, meetingsBooked: 0 }) }));
}

export async function getCampaign(tx: Tx, id: number): Promise<CampaignDetail | null> {
  const { rows } = await tx.query<Omit<CampaignDetail, 'progress' | 'funnel' | 'steps' | 'waiting' | keyof ListFigures> & { cancelled: number; dispatching: boolean }>(
    `select ${CAMPAIGN_COLUMNS}, k.email_content as "emailContent", k.message_template as "messageTemplate",
            k.whatsapp_content as "whatsappContent", k.whatsapp_template as "whatsappTemplate", (count(*) filter (where r.status = 'cancelled'))::int as cancelled,
            k.join_late as "joinLate", k.paused_reason as "pausedReason",
            k.paused_reason_code as "pausedReasonCode", k.paused_reason_params as "pausedReasonParams", k.dispatch_cursor is not null as dispatching,
            case when k.send_window_start is not null then json_build_object(
              'start', to_char(k.send_window_start, 'HH24:MI'), 'end', to_char(k.send_window_end, 'HH24:MI'),
              'weekdaysOnly', k.send_window_weekdays_only, 'candidateTimeZone', k.send_window_candidate_zone,
              'timeZone', k.send_window_time_zone) end as "sendWindow"
       ${FROM_CAMPAIGNS} where k.id = $1 group by k.id, p.name`, [id]);
  const campaign = rows[0];
  if (!campaign) return null;
  const reasons = await tx.query<{ reason: string; count: number }>(
    `select skip_reason as reason, count(*)::int as count from public.campaign_recipients
      where campaign_id = $1 and status = 'skipped' group by 1 order by 2 desc`, [id]);
  // Only for a campaign scheduled for later (then it is the recipients that count): over a large pool this is the costly part.
  const eligibleNow = campaign.status === 'scheduled' && Date.parse(campaign.scheduledAt) > Date.now() && campaign.talentPoolId !== null
    ? (await poolReach(tx, campaign.talentPoolId, { whatsapp: campaign.whatsappTemplate !== null }))?.eligible ?? null : null;
  // While a large pool is still being dispatched, the pool (not the recipients written so far) is the whole.
  const whole = campaign.dispatching ? await tx.query<{ n: number }>(
    'select count(*)::int as n from public.talent_pool_members where talent_pool_id = $1', [campaign.talentPoolId]) : null;
  const { cancelled, dispatching, ...fields } = campaign;
  const funnel = await campaignFunnel(tx, id);
  return {
    ...fields,
    humanOpenRate: percentOf(funnel.humanOpened, funnel.sent),
    replyRate: percentOf(funnel.replied, funnel.sent),
    meetingsBooked: funnel.booked,
    funnel,
    steps: await campaignSteps(tx, id),
    waiting: await waitingCounts(tx, id),
    progress: {
      recipients: campaign.recipients, pending: campaign.pending, sent: campaign.sent, skipped: campaign.skipped, failed: campaign.failed,
      cancelled,
      percent: progressPercent({ ...campaign, recipients: Math.max(campaign.recipients, whole?.rows[0].n ?? 0) }),
      skipReasons: reasons.rows.map(({ reason, count }) => ({ ...storedReason(reason), count })),
      /** Before dispatch: how many of the pool could receive it now. */
      eligibleNow,
    },
  };
}

export async function createCampaign(tx: Tx, input: NewCampaign, userId: string, whatsapp: WhatsAppConfig = loadWhatsAppConfig()): Promise<CampaignDetail> {
  if (input.primaryChannel === 'whatsapp' || !input.channels.includes('email')) {
    throw new MessagingError('refused', 'campaign_whatsapp_only', 'primaryChannel');
  }
  // A WhatsApp template for the first step: only an approved one, and only with WhatsApp configured (issue 14).
  if (input.whatsappTemplate) {
    if (!whatsappConfigured(whatsapp)) throw new MessagingError('refused', 'whatsapp_not_configured', 'whatsappTemplate');
    checkTemplate(input.whatsappTemplate, whatsapp);
  }
  const pool = await tx.query('select 1 from public.talent_pools where id = $1', [input.talentPoolId]);
  if (!pool.rowCount) throw new MessagingError('refused', 'talent_pool_not_found', 'talentPoolId');
  // A follow-up without a subject answers the previous one ("Re: "), so it lands in the same thread (follow-up-subjects.ts).
  const subjects = followUpSubjects(input.emailSubject, input.steps.map((step) => step.subject));
  const followUps = input.steps.map((step, i) => ({
    subject: subjects[i].subject, content: step.content, delayDays: step.delayDays, businessDaysOnly: step.businessDaysOnly ?? false,
  }));
  // Each recipient's own placeholders, the sender's name and signature, and the company (when the
  // organisation has one) are filled at send time; the rest must be filled now.
  const organisation = await organisationSettings(tx);
  type Unfilled = (placeholders: string) => Said;
  const texts: Array<[string, Unfilled, string]> = [
    ['emailSubject', (placeholders) => say('placeholders_left_email_subject', { placeholders }), input.emailSubject],
    ['emailContent', (placeholders) => say('placeholders_left_email_content', { placeholders }), input.emailContent],
    ...followUps.flatMap((step, i): Array<[string, Unfilled, string]> => [
      [`steps.${i}.subject`, (placeholders) => say('placeholders_left_follow_up_subject', { placeholders, number: i + 1 }), step.subject],
      [`steps.${i}.content`, (placeholders) => say('placeholders_left_follow_up_content', { placeholders, number: i + 1 }), step.content]])];
  for (const [field, unfilled, text] of texts) {
    const left = campaignPlaceholdersToFill([text], organisation);
    if (left.length) throw new MessagingError('refused', unfilled(left.map((n) => `{{${n}}}`).join(', ')), field);
  }
  if (usesBookingLink(...texts.map(([, , text]) => text)) && !(await defaultMeetingType(tx, userId))) {
    throw new MessagingError('refused', say('booking_link_needs_type', { bookingLink: '{{bookingLink}}' }), 'emailContent');
  }
  // The language given; else the text's when it clearly is Dutch or English (the phrases that stand in
  // for missing candidate details must match what the recruiter wrote); else the organisation's default,
  // not a guess: a short text like "Hi {{firstName}}" says too little to overrule what the admin chose;
  // without one, the wizard's own default (spec: Dutch).
  const language = input.language ?? clearLanguage(`${input.emailSubject}\n${input.emailContent}`) ?? organisation.defaultLanguage ?? 'dutch';
  const window = input.sendWindow;
  const { rows } = await tx.query<{ id: number }>(
    `insert into public.campaigns (name, campaign_type, talent_pool_id, email_subject, email_content, message_template,
                                   whatsapp_content, language, channels, primary_channel, status, scheduled_at, created_by,
                                   join_late, send_window_start, send_window_end, send_window_weekdays_only,
                                   send_window_candidate_zone, send_window_time_zone, whatsapp_template)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'scheduled', $11, $12, $13, $14, $15, $16, $17, $18, $19) returning id`,
    [input.name, input.campaignType, input.talentPoolId, input.emailSubject, input.emailContent, input.messageTemplate,
      input.whatsappContent, language, input.channels, input.primaryChannel, input.scheduledAt, userId,
      input.joinLate, window?.start ?? null, window?.end ?? null, window?.weekdaysOnly ?? false, window?.candidateTimeZone ?? false,
      window?.timeZone ?? null, input.whatsappTemplate ? JSON.stringify(input.whatsappTemplate) : null]);
  await tx.query(
    `insert into public.campaign_steps (campaign_id, position, delay_days, business_days_only, subject, content)
     select $1, position + 1, delay_days, business_days_only, subject, content
       from unnest($2::int[], $3::boolean[], $4::text[], $5::text[]) with ordinality as t(delay_days, business_days_only, subject, content, position)`,
    [rows[0].id, followUps.map((s) => s.delayDays), followUps.map((s) => s.businessDaysOnly), followUps.map((s) => s.subject),
      followUps.map((s) => s.content)]);
  return (await getCampaign(tx, rows[0].id))!;
}

/** Pool members per dispatch transaction: small enough for short statements and little memory, large enough to be set-based. */
export const DISPATCH_CHUNK = 5_000;

export interface DispatchedChunk {
  queued: Queued[];
  /** Nothing is left to dispatch (or the campaign is not this caller's to dispatch: another holds it). */
  done: boolean;
}

/**
 * Dispatches the next `chunk` members of a due campaign (as service_role), in
 * candidate id order after its dispatch cursor: recipients with skip reasons,
 * and step 1 queued, personalised and timed by the send window, for each
 * eligible one. The first chunk turns the campaign 'sending' (sends begin while
 * the rest is dispatched); the last clears the cursor. Each chunk is the
 * caller's transaction; a crash between chunks resumes at the cursor, and the
 * ledger's key makes a chunk written twice harmless (decision 021).
 */
export async function dispatchCampaignChunk(tx: Tx, campaignId: number, publicUrl: string, now = new Date(),
  chunk = DISPATCH_CHUNK): Promise<DispatchedChunk> {
  const { rows: [campaign] } = await tx.query<PlanRow & { subject: string; content: string; status: string; cursor: number | null }>(
    `select ${PLAN_COLUMNS}, k.email_subject as subject, k.email_content as content, k.status, k.dispatch_cursor as cursor
       from public.campaigns k left join public.profiles p on p.id = k.created_by
      where k.id = $1 and ((k.status = 'scheduled' and k.scheduled_at <= now()) or k.dispatch_cursor is not null)
      for update of k skip locked`, [campaignId]);
  if (!campaign) return { queued: [], done: true };
  if (campaign.status === 'cancelled') {
    // The cancel stopped what was queued; the members not reached yet are not written at all.
    await tx.query('update public.campaigns set dispatch_cursor = null where id = $1', [campaign.id]);
    return { queued: [], done: true };
  }
  // FOR SHARE: a consent change waits until this transaction is done, so the
  // consent trigger on messages cannot refuse a row we judged eligible.
  const { rows: members } = await tx.query<Member>(
    `select ${MEMBER_COLUMNS}
       from public.talent_pool_members m join public.candidates c on c.id = m.candidate_id
      where m.talent_pool_id = $1 and m.candidate_id > $2 order by m.candidate_id limit $3 for share of c`,
    [campaign.talentPoolId, campaign.cursor ?? 0, chunk]);
  const queued = await writeFirstStep(tx, await sendPlan(tx, campaign), campaign, members, publicUrl, now);
  const done = members.length < chunk;
  await tx.query(
    `update public.campaigns set status = case when status = 'scheduled' then 'sending' else status end,
            started_at = coalesce(started_at, now()), dispatch_cursor = $2 where id = $1`,
    [campaign.id, done ? null : members[members.length - 1].id]);
  if (done) await completeCampaigns(tx, [campaign.id]);
  return { queued, done };
}

/** The whole dispatch in the caller's one transaction (tests, small pools), answering the ids of the queued messages. */
export async function dispatchCampaign(tx: Tx, campaignId: number, publicUrl: string, now = new Date()): Promise<number[]> {
  const ids: number[] = [];
  for (;;) {
    const { queued, done } = await dispatchCampaignChunk(tx, campaignId, publicUrl, now);
    ids.push(...queued.map((message) => message.id));
    if (done) return ids;
  }
}

/** Due campaigns and unfinished dispatches, for the sweep (a job for one may have been lost). */
export async function dueCampaignIds(tx: Tx): Promise<number[]> {
  const { rows } = await tx.query<{ id: number }>(
    `select id from public.campaigns where (status = 'scheduled' and scheduled_at <= now()) or dispatch_cursor is not null
      order by scheduled_at limit 50`);
  return rows.map((row) => row.id);
}

/**
 * A campaign with no pending recipient is done: 'sent', or 'failed' when nothing could be delivered.
 * With follow-ups, not while a later step is queued or sending, nor while an active recipient
 * (no exit, still contactable) has sent a step that has a next one: the sequence still runs.
 */
export async function completeCampaigns(tx: Tx, ids: number[] | null): Promise<void> {
  // The rule is public.complete_campaigns (migration 20261128000400): the delivery calls it too.
  await tx.query('select public.complete_campaigns($1)', [ids]);
}
