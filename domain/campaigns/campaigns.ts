// Campaigns: a message to every eligible candidate of a pool, at a set time.
// Creating one stores it 'scheduled'; when it is due the worker dispatches it
// in one transaction (recipients, skip reasons, one queued message each) and
// the mail job sends the messages; the campaign is 'sent' once none is pending.
import type { Tx } from '../db/request.ts';
import { isoTimestamp } from '../db/sql-time.ts';
import { BOOKING_LINK_PLACEHOLDER, candidateValues, detectLanguage, fillPlaceholders, placeholdersIn, placeholdersToFill, type Language } from '../ai/placeholders.ts';
import { bookingUrl, createBookingLinks } from '../meetings/booking-links.ts';
import { defaultMeetingType } from '../meetings/meeting-types.ts';
import type { CampaignDetail, CampaignSummary, NewCampaign } from './schemas.ts';
import { progressPercent } from './progress.ts';
import { campaignFunnel, listFigures, percentOf, type ListFigures } from './results.ts';
import { MessagingError } from '../messages/messages.ts';
import { BLOCKER_TEXT, type ContactBlocker } from '../consent/eligibility.ts';

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
  const { rows } = await tx.query<Omit<CampaignDetail, 'progress' | 'funnel' | keyof ListFigures> & { cancelled: number }>(
    `select ${CAMPAIGN_COLUMNS}, k.email_content as "emailContent", k.message_template as "messageTemplate",
            k.whatsapp_content as "whatsappContent", (count(*) filter (where r.status = 'cancelled'))::int as cancelled
       ${FROM_CAMPAIGNS} where k.id = $1 group by k.id, p.name`, [id]);
  const campaign = rows[0];
  if (!campaign) return null;
  const reasons = await tx.query<{ reason: string; count: number }>(
    `select skip_reason as reason, count(*)::int as count from public.campaign_recipients
      where campaign_id = $1 and status = 'skipped' group by 1 order by 2 desc`, [id]);
  const eligible = await tx.query<{ n: number }>(
    `select count(*)::int as n from public.talent_pool_members m join public.candidates c on c.id = m.candidate_id
      where m.talent_pool_id = $1 and public.can_contact(c, 'email')`, [campaign.talentPoolId]);
  const { cancelled, ...fields } = campaign;
  const funnel = await campaignFunnel(tx, id);
  return {
    ...fields,
    humanOpenRate: percentOf(funnel.humanOpened, funnel.sent),
    replyRate: percentOf(funnel.replied, funnel.sent),
    meetingsBooked: funnel.booked,
    funnel,
    progress: {
      recipients: campaign.recipients, pending: campaign.pending, sent: campaign.sent, skipped: campaign.skipped, failed: campaign.failed,
      cancelled,
      percent: progressPercent(campaign),
      skipReasons: reasons.rows,
      /** Before dispatch: how many of the pool could receive it now. */
      eligibleNow: eligible.rows[0].n,
    },
  };
}

export async function createCampaign(tx: Tx, input: NewCampaign, userId: string): Promise<CampaignDetail> {
  if (input.primaryChannel === 'whatsapp' || !input.channels.includes('email')) {
    throw new MessagingError('refused', 'Campaigns are sent by email; WhatsApp campaigns are not available yet', 'primaryChannel');
  }
  const pool = await tx.query('select 1 from public.talent_pools where id = $1', [input.talentPoolId]);
  if (!pool.rowCount) throw new MessagingError('refused', 'Talent pool not found', 'talentPoolId');
  // Each recipient's own placeholders are filled at send time; the recruiter's must be filled now.
  for (const [field, label, text] of [['emailSubject', 'email subject', input.emailSubject], ['emailContent', 'email content', input.emailContent]] as const) {
    const left = placeholdersToFill(text);
    if (left.length) throw new MessagingError('refused', `Replace ${left.map((n) => `{{${n}}}`).join(', ')} in the ${label} before sending`, field);
  }
  if (usesBookingLink(input.emailSubject, input.emailContent) && !(await defaultMeetingType(tx, userId))) {
    throw new MessagingError('refused', 'Create a meeting type under Meeting booking before using {{bookingLink}}', 'emailContent');
  }
  const language = input.language ?? detectLanguage(input.emailContent);
  const { rows } = await tx.query<{ id: number }>(
    `insert into public.campaigns (name, campaign_type, talent_pool_id, email_subject, email_content, message_template,
                                   whatsapp_content, language, channels, primary_channel, status, scheduled_at, created_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'scheduled', $11, $12) returning id`,
    [input.name, input.campaignType, input.talentPoolId, input.emailSubject, input.emailContent, input.messageTemplate,
      input.whatsappContent, language, input.channels, input.primaryChannel, input.scheduledAt, userId]);
  return (await getCampaign(tx, rows[0].id))!;
}

interface Member {
  id: number; name: string; jobFunction: string | null; skillTags: string[]; location: string | null;
  /** public.contact_blockers(c, 'email'): the one eligibility rule. */
  blockers: ContactBlocker[];
}

/** Why a pool member is skipped (the first blocker, as a recruiter reads it), or null when they get the mail. */
export function skipReason(member: Pick<Member, 'blockers'>): string | null {
  return member.blockers.length ? BLOCKER_TEXT[member.blockers[0]] : null;
}

/**
 * Dispatches one due campaign (as service_role): recipients with skip reasons
 * and one queued, personalised message per eligible candidate, all in the
 * caller's transaction. Safe to run twice: only a 'scheduled' campaign is taken.
 * Returns the ids of the queued messages.
 */
export async function dispatchCampaign(tx: Tx, campaignId: number, publicUrl: string): Promise<number[]> {
  const { rows: [campaign] } = await tx.query<{ id: number; talentPoolId: number | null; subject: string; content: string; language: Language;
    sender: string | null; senderId: string | null }>(
    `select k.id, k.talent_pool_id as "talentPoolId", k.email_subject as subject, k.email_content as content, k.language,
            p.display_name as sender, k.created_by as "senderId"
       from public.campaigns k left join public.profiles p on p.id = k.created_by
      where k.id = $1 and k.status = 'scheduled' and k.scheduled_at <= now()
      for update of k skip locked`, [campaignId]);
  if (!campaign) return [];
  // FOR SHARE: a consent change waits until this transaction is done, so the
  // consent trigger on messages cannot refuse a row we judged eligible.
  const { rows: members } = await tx.query<Member>(
    `select c.id, c.name, c.job_function as "jobFunction", c.skill_tags as "skillTags", c.location,
            public.contact_blockers(c, 'email') as blockers
       from public.talent_pool_members m join public.candidates c on c.id = m.candidate_id
      where m.talent_pool_id = $1 order by c.id for share of c`, [campaign.talentPoolId]);
  const eligible = members.filter((member) => !skipReason(member));
  // {{bookingLink}}: each recipient gets their own link of the sender's.
  const links = usesBookingLink(campaign.subject, campaign.content) && campaign.senderId
    ? await createBookingLinks(tx, campaign.senderId, eligible.map((m) => m.id), { sent: true })
    : new Map<number, { token: string }>();
  const linkOf = (member: Member) => {
    const link = links.get(member.id);
    return link ? { [BOOKING_LINK_PLACEHOLDER]: bookingUrl(publicUrl, link.token) } : {};
  };
  const values = (member: Member) => ({ ...candidateValues(member, campaign.language), recruiterName: campaign.sender ?? undefined, ...linkOf(member) });
  const inserted = await tx.query<{ id: number; candidate_id: number }>(
    `insert into public.messages (candidate_id, campaign_id, direction, channel, subject, content, status)
     select candidate_id, $1, 'out', 'email', subject, content, 'queued'
       from unnest($2::bigint[], $3::text[], $4::text[]) as t(candidate_id, subject, content)
     returning id, candidate_id`,
    [campaign.id, eligible.map((m) => m.id), eligible.map((m) => fillPlaceholders(campaign.subject, values(m))),
      eligible.map((m) => fillPlaceholders(campaign.content, values(m)))]);
  const messageOf = new Map(inserted.rows.map((row) => [row.candidate_id, row.id]));
  await tx.query(
    `insert into public.campaign_recipients (campaign_id, candidate_id, message_id, status, skip_reason)
     select $1, candidate_id, message_id, case when message_id is null then 'skipped' else 'pending' end, skip_reason
       from unnest($2::bigint[], $3::bigint[], $4::text[]) as t(candidate_id, message_id, skip_reason)
     on conflict (campaign_id, candidate_id) do nothing`,
    [campaign.id, members.map((m) => m.id), members.map((m) => messageOf.get(m.id) ?? null), members.map((m) => skipReason(m))]);
  await tx.query(
    `update public.campaigns set status = 'sending', started_at = now() where id = $1`, [campaign.id]);
  await completeCampaigns(tx, [campaign.id]);
  return inserted.rows.map((row) => row.id);
}

function usesBookingLink(...texts: string[]): boolean {
  return texts.some((text) => placeholdersIn(text).includes(BOOKING_LINK_PLACEHOLDER));
}

/** Due campaigns, for the sweep (a job for one may have been lost). */
export async function dueCampaignIds(tx: Tx): Promise<number[]> {
  const { rows } = await tx.query<{ id: number }>(
    `select id from public.campaigns where status = 'scheduled' and scheduled_at <= now() order by scheduled_at limit 50`);
  return rows.map((row) => row.id);
}

/** A campaign with no pending recipient is done: 'sent', or 'failed' when nothing could be delivered. */
export async function completeCampaigns(tx: Tx, ids: number[] | null): Promise<void> {
  await tx.query(
    `update public.campaigns k
        set status = case when exists (select 1 from public.campaign_recipients r where r.campaign_id = k.id and r.status = 'failed')
                           and not exists (select 1 from public.campaign_recipients r where r.campaign_id = k.id and r.status = 'sent')
                          then 'failed' else 'sent' end,
            completed_at = now()
      where k.status = 'sending' and ($1::bigint[] is null or k.id = any($1))
        and not exists (select 1 from public.campaign_recipients r where r.campaign_id = k.id and r.status = 'pending')`,
    [ids]);
}
