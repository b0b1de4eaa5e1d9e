// GET /api/dashboard: every figure comes from small tables kept current by
// triggers (migration 20261124000030: engagement_daily per day, sender and
// campaign; talent_pool_bands per pool), so the answer costs the same with
// 5M messages as with 50. The lists read indexed rows only: thread roots
// flagged needs_reply, the top scores, the campaigns still in progress.
import type { Tx } from '../../platform/db/request.server.ts';
import { isoTimestamp } from '../../platform/db/sql-time.server.ts';
import { progressPercent, type RecipientCounts } from '../campaigns/progress.ts';
import type { CampaignStatus } from '../campaigns/schemas.ts';
import type { Dashboard, DashboardQuery } from './schemas.ts';

const PERIOD_DAYS: Record<DashboardQuery['period'], number> = { '7d': 7, '30d': 30, '90d': 90 };
const LIST_SIZE = 10;
const DAY_MS = 86_400_000;

/** A share in percent with one decimal, 0 when there is nothing to divide by (capped at 100: see periodWindow). */
export function percent(part: number, whole: number): number {
  if (!whole) return 0;
  return Math.min(100, Math.round((part / whole) * 1000) / 10);
}

/**
 * The period's UTC days, today included: 7d is today and the 6 days before it.
 * Events count on the day they happen, so an open today of a mail sent last
 * month counts in this week's opens: a rate can pass 100 % in a short period
 * and is capped there.
 */
export function periodWindow(period: DashboardQuery['period'], now = new Date()) {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const first = new Date(today - (PERIOD_DAYS[period] - 1) * DAY_MS);
  return { firstDay: first.toISOString().slice(0, 10), lastDay: new Date(today).toISOString().slice(0, 10), from: first, to: now };
}

interface DayRow {
  date: string; sent: number; opened: number; humanOpened: number; clicked: number; replied: number;
  positive: number; negative: number; neutral: number; other: number; booked: number; unsubscribed: number;
}

async function dailyRollups(tx: Tx, firstDay: string, lastDay: string, senderId: string | null): Promise<DayRow[]> {
  // The period's rows are summed per day first (index engagement_daily_key, or engagement_daily_sender for
  // one sender), then the days without any are filled in: joining the days to every row before summing
  // read the whole table and hashed each row.
  const { rows } = await tx.query<DayRow>(
    `select to_char(d, 'YYYY-MM-DD') as date,
            coalesce(t.sent, 0)::int as sent, coalesce(t.opened, 0)::int as opened,
            coalesce(t.human_opened, 0)::int as "humanOpened", coalesce(t.clicked, 0)::int as clicked,
            coalesce(t.replied, 0)::int as replied, coalesce(t.positive, 0)::int as positive,
            coalesce(t.negative, 0)::int as negative, coalesce(t.neutral, 0)::int as neutral,
            coalesce(t.other, 0)::int as other, coalesce(t.booked, 0)::int as booked,
            coalesce(t.unsubscribed, 0)::int as unsubscribed
       from generate_series($1::date, $2::date, interval '1 day') d
       left join (select e.day, sum(e.sent) as sent, sum(e.opened) as opened, sum(e.human_opened) as human_opened,
                         sum(e.clicked) as clicked, sum(e.replied) as replied, sum(e.positive_replies) as positive,
                         sum(e.negative_replies) as negative, sum(e.neutral_replies) as neutral, sum(e.other_replies) as other,
                         sum(e.booked) as booked, sum(e.unsubscribed) as unsubscribed
                    from public.engagement_daily e
                   where e.day between $1::date and $2::date and ($3::uuid is null or e.sender_id = $3::uuid)
                   group by e.day) t on t.day = d::date
      order by d`, [firstDay, lastDay, senderId]);
  return rows;
}

function total(rows: DayRow[]): Omit<DayRow, 'date'> {
  const sum: Omit<DayRow, 'date'> = {
    sent: 0, opened: 0, humanOpened: 0, clicked: 0, replied: 0, positive: 0, negative: 0, neutral: 0, other: 0, booked: 0, unsubscribed: 0,
  };
  for (const row of rows) for (const key of Object.keys(sum) as Array<keyof typeof sum>) sum[key] += row[key];
  return sum;
}

async function bandsByPool(tx: Tx): Promise<Dashboard['bandsByPool']> {
  const { rows } = await tx.query<Dashboard['bandsByPool'][number]>(
    `select b.talent_pool_id::int as "talentPoolId", p.name, b.cold, b.warm, b.hot
       from (select talent_pool_id, sum(members) as members,
                    (sum(members) filter (where band = 'cold'))::int as cold, (sum(members) filter (where band = 'warm'))::int as warm,
                    (sum(members) filter (where band = 'hot'))::int as hot
               from public.talent_pool_bands group by talent_pool_id) b
       join public.talent_pools p on p.id = b.talent_pool_id
      where b.members > 0
      order by b.members desc, b.talent_pool_id limit 20`);
  return rows.map((row) => ({ ...row, cold: row.cold ?? 0, warm: row.warm ?? 0, hot: row.hot ?? 0 }));
}

/**
 * Threads the candidate wrote last (the root's needs_reply flag), the oldest thread first, with
 * the candidate's latest message (an out-of-office is not one). Reads the thread's replies by thread_id (index
 * messages_thread_replies): under row-level security the coalesce(thread_id, id) index is not used.
 */
async function needsReply(tx: Tx): Promise<Dashboard['needsReply']> {
  const { rows } = await tx.query<Dashboard['needsReply'][number]>(
    `select root.id::int as "threadId", json_build_object('id', c.id, 'name', c.name) as candidate, root.subject,
            left(coalesce(reply.content, own.content, ''), 200) as preview, coalesce(reply.sentiment, own.sentiment) as sentiment,
            ${isoTimestamp('coalesce(reply.created_at, root.created_at)')} as "receivedAt"
       from (select id, subject, candidate_id, created_at, direction, content, sentiment from public.messages
              where thread_id is null and needs_reply order by created_at, id limit ${LIST_SIZE}) root
       join public.candidates c on c.id = root.candidate_id
       left join lateral (select m.content, m.sentiment, m.created_at from public.messages m
                           where m.thread_id = root.id and m.direction = 'in' and not m.auto_reply
                           order by m.created_at desc, m.id desc limit 1) reply on true
       -- A thread the candidate started: the root is their message.
       left join lateral (select root.content, root.sentiment where root.direction = 'in') own on true
      order by root.created_at, root.id`);
  return rows;
}

/** The highest scores among candidates with an event in the last 7 days (walks the score index from the top). */
async function hottest(tx: Tx): Promise<Dashboard['hottest']> {
  const { rows } = await tx.query<Dashboard['hottest'][number]>(
    `select c.id::int, c.name, c.engagement_score as score,
            public.engagement_band(c.engagement_score) as band,
            ${isoTimestamp('last.occurred_at')} as "lastActivityAt"
       from public.candidates c
       cross join lateral (select e.occurred_at from public.engagement_events e
                            where e.candidate_id = c.id order by e.occurred_at desc limit 1) last
      where c.engagement_score > 0 and last.occurred_at >= now() - interval '7 days'
      order by c.engagement_score desc, c.id desc limit ${LIST_SIZE}`);
  return rows;
}

/**
 * Scheduled, sending or paused campaigns, their recipients counted per status in the same statement: grouped by
 * the index's own columns, the count streams along campaign_recipients_progress (index entries only, no hash).
 */
async function campaignsInProgress(tx: Tx): Promise<Dashboard['campaignsInProgress']> {
  const { rows } = await tx.query<{ id: number; name: string; status: CampaignStatus; recipientStatus: string | null; n: number }>(
    `select k.id::int, k.name, k.status, r.status as "recipientStatus", coalesce(r.n, 0)::int as n
       from (select id, name, status, scheduled_at from public.campaigns
              where status in ('scheduled', 'sending', 'paused') order by scheduled_at, id limit ${LIST_SIZE}) k
       left join lateral (select cr.status, count(*) as n from public.campaign_recipients cr
                           where cr.campaign_id = k.id group by cr.campaign_id, cr.status) r on true
      order by k.scheduled_at, k.id`);
  const campaigns = new Map<number, { id: number; name: string; status: CampaignStatus; counts: RecipientCounts }>();
  for (const row of rows) {
    const campaign = campaigns.get(row.id) ?? { id: row.id, name: row.name, status: row.status, counts: { recipients: 0, sent: 0, skipped: 0, failed: 0, status: row.status } };
    campaigns.set(row.id, campaign);
    campaign.counts.recipients += row.n;
    if (row.recipientStatus === 'sent' || row.recipientStatus === 'skipped' || row.recipientStatus === 'failed') campaign.counts[row.recipientStatus] += row.n;
  }
  return [...campaigns.values()].map(({ id, name, status, counts }) => (
    { id, name, status, percent: progressPercent(counts), sent: counts.sent, recipients: counts.recipients }));
}

export async function loadDashboard(tx: Tx, userId: string, query: DashboardQuery, now = new Date()): Promise<Dashboard> {
  const window = periodWindow(query.period, now);
  const days = await dailyRollups(tx, window.firstDay, window.lastDay, query.scope === 'me' ? userId : null);
  const sum = total(days);
  const sentimentTotal = sum.positive + sum.negative + sum.neutral + sum.other;
  return {
    period: query.period,
    scope: query.scope,
    from: window.from.toISOString(),
    to: window.to.toISOString(),
    kpis: {
      sent: sum.sent,
      humanOpenRate: percent(sum.humanOpened, sum.sent),
      rawOpenRate: percent(sum.opened, sum.sent),
      clickRate: percent(sum.clicked, sum.sent),
      replyRate: percent(sum.replied, sum.sent),
      positiveReplyShare: percent(sum.positive, sentimentTotal),
      meetingsBooked: sum.booked,
      unsubscribes: sum.unsubscribed,
    },
    activity: days.map((day) => ({ date: day.date, sent: day.sent, opened: day.humanOpened, clicked: day.clicked, replied: day.replied, booked: day.booked })),
    funnel: { sent: sum.sent, opened: sum.humanOpened, clicked: sum.clicked, replied: sum.replied, booked: sum.booked },
    sentiment: { positive: sum.positive, neutral: sum.neutral, negative: sum.negative, other: sum.other },
    bandsByPool: await bandsByPool(tx),
    needsReply: await needsReply(tx),
    hottest: await hottest(tx),
    campaignsInProgress: await campaignsInProgress(tx),
  };
}
