// What a campaign's recipients did after the send: the funnel of GET
// /api/campaigns/{id}, the per-recipient table of /recipients, and the figures
// of the campaign list. Every step counts distinct recipients, from one
// per-recipient query (RECIPIENT_RESULTS), so the funnel and the table agree:
// - opened: any open event for the campaign's message; humanOpened: one not
//   marked machine (domain/engagement/machine-opens.ts);
// - replied: an inbound message in the thread of the campaign's message that
//   is not an automatic reply (out of office); positive: the latest reply's
//   sentiment; booked: a meeting of the recipient created at or after the send;
// - outOfOfficeUntil: the last day an automatic reply paused the sequence for
//   (decision 038), while they are in it;
// - delivered: sent minus bounced.
import type { Tx } from '../../platform/db/request.server.ts';
import type { CampaignStep } from './sequence-schemas.ts';
import { isoTimestamp } from '../../platform/db/sql-time.server.ts';
import { storedReason } from '../i18n/english.ts';
import { containsPattern } from '../../platform/db/like.ts';
import type { Params } from '../i18n/codes.ts';
import {
  RECIPIENTS_PAGE_SIZE, type CampaignDetail, type CampaignRecipient, type RecipientFilter, type RecipientQuery,
} from './schemas.ts';

/** One row per recipient of the campaigns in $1 (bigint[]). */
const RECIPIENT_RESULTS = `
  select r.campaign_id, r.candidate_id, c.name, c.email, r.status, r.message_id, r.current_step, r.exit_reason, r.exited_at,
         case when r.pause_reason = 'out_of_office' and r.exit_reason is null then r.paused_until end as out_of_office_until,
         coalesce(r.skip_reason, case when r.status = 'failed' then m.error end) as skip_reason,
         case when r.skip_reason is null and r.status = 'failed' then m.error_code end as error_code,
         case when r.skip_reason is null and r.status = 'failed' then m.error_params end as error_params,
         m.sent_at,
         coalesce(e.opened, false) as opened, coalesce(e.human_opened, false) as human_opened,
         coalesce(e.clicked, false) as clicked, coalesce(e.bounced, false) as bounced,
         coalesce(e.unsubscribed, false) as unsubscribed,
         reply.found is not null as replied, reply.sentiment,
         booking.found is not null as booked
    from public.campaign_recipients r
    join public.candidates c on c.id = r.candidate_id
    left join public.messages m on m.id = r.message_id
    left join lateral (
      select bool_or(e.kind = 'open') as opened, bool_or(e.kind = 'open' and not e.machine) as human_opened,
             bool_or(e.kind = 'click' and not e.machine) as clicked, bool_or(e.kind = 'bounce' and e.metadata->>'type' = 'hard') as bounced,
             bool_or(e.kind = 'unsubscribe') as unsubscribed
        from public.engagement_events e
       where e.message_id = r.message_id
          or (e.candidate_id = r.candidate_id and e.campaign_id = r.campaign_id and e.kind = 'unsubscribe')
    ) e on true
    left join lateral (
      select 1 as found, i.sentiment from public.messages i
       where coalesce(i.thread_id, i.id) = r.message_id and i.direction = 'in' and not i.auto_reply
       order by i.created_at desc, i.id desc limit 1
    ) reply on true
    left join lateral (
      select 1 as found from public.meetings b
       where b.candidate_id = r.candidate_id and m.sent_at is not null and b.created_at >= m.sent_at limit 1
    ) booking on true
   where r.campaign_id = any ($1::bigint[])`;

/** SQL conditions on a RECIPIENT_RESULTS row `x`, one per filter. */
const FILTERS: Record<RecipientFilter, string> = {
  pending: `x.status = 'pending'`,
  sent: `x.status = 'sent'`,
  skipped: `x.status = 'skipped'`,
  failed: `x.status = 'failed'`,
  opened: `x.opened`,
  clicked: `x.clicked`,
  replied: `x.replied`,
  booked: `x.booked`,
  // "Who did not get it and why": skipped, failed, stopped by a cancel, or bounced.
  not_delivered: `(x.status in ('skipped', 'failed', 'cancelled') or x.bounced)`,
  // Left the sequence (a reply, a booking, an unsubscribe, ...): no later step.
  exited: `x.exit_reason is not null`,
};

const FUNNEL_COLUMNS = `
  (count(*) filter (where x.status = 'sent'))::int as sent,
  (count(*) filter (where x.status = 'sent' and not x.bounced))::int as delivered,
  (count(*) filter (where x.opened))::int as opened,
  (count(*) filter (where x.human_opened))::int as "humanOpened",
  (count(*) filter (where x.clicked))::int as clicked,
  (count(*) filter (where x.replied))::int as replied,
  (count(*) filter (where x.replied and x.sentiment = 'positive'))::int as positive,
  (count(*) filter (where x.booked))::int as booked,
  (count(*) filter (where x.unsubscribed))::int as unsubscribed`;

export type Funnel = CampaignDetail['funnel'];

export async function campaignFunnel(tx: Tx, campaignId: number): Promise<Funnel> {
  const { rows } = await tx.query<Funnel>(`select ${FUNNEL_COLUMNS} from (${RECIPIENT_RESULTS}) x`, [[campaignId]]);
  return rows[0];
}

/** A share of `of`, in percent with one decimal; 0 when `of` is 0. */
export function percentOf(part: number, of: number): number {
  return of ? Math.round((part / of) * 1000) / 10 : 0;
}

export interface ListFigures { humanOpenRate: number; replyRate: number; meetingsBooked: number }

/** The campaign list's results per campaign: human open rate and reply rate of the sent, meetings booked. */
export async function listFigures(tx: Tx, campaignIds: number[]): Promise<Map<number, ListFigures>> {
  if (!campaignIds.length) return new Map();
  const { rows } = await tx.query<Funnel & { id: number }>(
    `select x.campaign_id::int as id, ${FUNNEL_COLUMNS} from (${RECIPIENT_RESULTS}) x group by x.campaign_id`, [campaignIds]);
  return new Map(rows.map((f) => [f.id, {
    humanOpenRate: percentOf(f.humanOpened, f.sent), replyRate: percentOf(f.replied, f.sent), meetingsBooked: f.booked,
  }]));
}

/**
 * The campaign's steps with their counts: step 1 is the campaign's own subject and content, the
 * follow-ups are public.campaign_steps. Counts come from the send ledger (a message per campaign,
 * step and candidate); `exited` counts recipients who left the sequence without this step sent.
 */
export async function campaignSteps(tx: Tx, campaignId: number): Promise<CampaignStep[]> {
  const { rows } = await tx.query<CampaignStep>(
    `with steps as (
       select 1 as position, 0 as delay_days, false as business_days_only, coalesce(k.email_subject, '') as subject,
              coalesce(k.email_content, k.message_template, '') as content
         from public.campaigns k where k.id = $1
       union all
       select s.position, s.delay_days, s.business_days_only, s.subject, s.content from public.campaign_steps s where s.campaign_id = $1
     )
     select s.position, s.delay_days as "delayDays", s.business_days_only as "businessDaysOnly", s.subject, s.content,
            json_build_object('waiting', coalesce(m.waiting, 0), 'sent', coalesce(m.sent, 0), 'failed', coalesce(m.failed, 0),
                              'exited', e.exited) as counts
       from steps s
       left join (
         select campaign_step, (count(*) filter (where status in ('queued', 'sending')))::int as waiting,
                (count(*) filter (where status = 'sent'))::int as sent, (count(*) filter (where status = 'failed'))::int as failed
           from public.messages where campaign_id = $1 and campaign_step is not null group by campaign_step
       ) m on m.campaign_step = s.position
       cross join lateral (
         select count(*)::int as exited from public.campaign_recipients r
          where r.campaign_id = $1 and r.exit_reason is not null
            and not exists (select 1 from public.messages x where x.campaign_id = $1 and x.campaign_step = s.position
                               and x.candidate_id = r.candidate_id and x.status = 'sent')
       ) e
      order by s.position`, [campaignId]);
  return rows;
}

/**
 * One page of a campaign's recipients, by candidate id: after `cursor`, or past `offset` of them (or the one
 * `candidateId`); `total` counts all that match the filter and `q` (part of a name or address).
 */
export async function campaignRecipients(tx: Tx, campaignId: number, query: RecipientQuery & { candidateId?: number }):
  Promise<{ recipients: CampaignRecipient[]; nextCursor: number | null; total: number }> {
  const params: unknown[] = [[campaignId]];
  const param = (value: unknown) => { params.push(value); return `$${params.length}`; };
  const matching = [query.status ? FILTERS[query.status] : 'true',
    query.q ? `(x.name ilike ${param(containsPattern(query.q))} or x.email ilike $${params.length})` : 'true',
    query.candidateId ? `x.candidate_id = ${param(query.candidateId)}` : 'true'].join(' and ');
  const countParams = [...params];
  const where = query.cursor ? `${matching} and x.candidate_id > ${param(query.cursor)}` : matching;
  const limit = query.limit ?? RECIPIENTS_PAGE_SIZE;
  const { rows } = await tx.query<CampaignRecipient & { id: number } & Coded>(
    `select x.candidate_id::int as id, json_build_object('id', x.candidate_id, 'name', x.name) as candidate, x.status,
            x.skip_reason as "skipReason", x.error_code as "errorCode", x.error_params as "errorParams", ${isoTimestamp('x.sent_at')} as "sentAt",
            x.opened, x.human_opened as "humanOpened", x.clicked, x.replied, x.sentiment, x.bounced, x.booked,
            x.current_step as "currentStep", x.exit_reason as "exitReason", ${isoTimestamp('x.exited_at')} as "exitedAt",
            to_char(x.out_of_office_until, 'YYYY-MM-DD') as "outOfOfficeUntil"
       from (${RECIPIENT_RESULTS}) x where ${where}
      order by x.candidate_id limit ${limit + 1} offset ${query.cursor ? 0 : query.offset ?? 0}`, params);
  const { rows: [{ total }] } = await tx.query<{ total: number }>(
    `select count(*)::int as total from (${RECIPIENT_RESULTS}) x where ${matching}`, countParams);
  const page = rows.slice(0, limit);
  const nextCursor = rows.length > limit ? page[page.length - 1].id : null;
  return {
    recipients: page.map(({ id: _id, errorCode, errorParams, ...recipient }) => ({
      ...recipient, ...skipReasonOf(recipient.skipReason ?? bounceReason(recipient), { errorCode, errorParams }),
    })),
    nextCursor,
    total,
  };
}

/** A failed recipient's skip reason is its message's delivery error, with that error's code. */
interface Coded { errorCode: string | null; errorParams: Params | null }

function bounceReason(recipient: Pick<CampaignRecipient, 'bounced'>): string | null {
  return recipient.bounced ? 'skipped.bounced' : null;
}

/** The recipient's skip reason in English and as a code: the stored code, or its failed message's error code (a bounce's reason has none). */
function skipReasonOf(stored: string | null, error: Coded): Pick<CampaignRecipient, 'skipReason' | 'skipReasonCode' | 'skipReasonParams'> {
  if (stored === null) return { skipReason: null, skipReasonCode: null, skipReasonParams: null };
  if (error.errorCode) return { skipReason: stored, skipReasonCode: error.errorCode, skipReasonParams: error.errorParams };
  const { reason, code } = storedReason(stored);
  return { skipReason: reason, skipReasonCode: code, skipReasonParams: null };
}
