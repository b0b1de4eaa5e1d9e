// GET /api/dashboard: the KPIs of a period, the series behind each chart, and the
// lists a recruiter acts on. Browser-safe. Rates are 0-100 (percent, one decimal).
import { z } from 'zod';
import { timestamp } from '../schemas/answers.ts';
import { msg } from '../i18n/codes.ts';

export const DASHBOARD_PERIODS = ['7d', '30d', '90d'] as const;
export const DASHBOARD_SCOPES = ['me', 'team'] as const;
export const ENGAGEMENT_BANDS = ['cold', 'warm', 'hot'] as const;

export const dashboardQuerySchema = z.object({
  period: z.enum(DASHBOARD_PERIODS, { error: msg('validation.choice', { field: 'period', choices: '7d, 30d or 90d' }) }).default('30d'),
  scope: z.enum(DASHBOARD_SCOPES, { error: msg('validation.choice', { field: 'scope', choices: 'me or team' }) }).default('me'),
});
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

const count = z.number().int().nonnegative();
const rate = z.number().min(0).max(100);

export const dashboardKpisSchema = z.object({
  sent: count,
  /** Opens by people (machine opens left out), as a share of sent. */
  humanOpenRate: rate,
  /** Every open, machines included: shown beside the human rate. */
  rawOpenRate: rate,
  clickRate: rate,
  replyRate: rate,
  /** Positive replies as a share of all replies. */
  positiveReplyShare: rate,
  meetingsBooked: count,
  unsubscribes: count,
});

/** One day of activity (the recruiter's zone is not known here: days are UTC dates). */
export const activityDaySchema = z.object({
  date: z.string(),
  sent: count, opened: count, clicked: count, replied: count, booked: count,
});

export const funnelSchema = z.object({ sent: count, opened: count, clicked: count, replied: count, booked: count });

export const dashboardSchema = z.object({
  period: z.enum(DASHBOARD_PERIODS),
  scope: z.enum(DASHBOARD_SCOPES),
  from: timestamp,
  to: timestamp,
  kpis: dashboardKpisSchema,
  activity: z.array(activityDaySchema),
  funnel: funnelSchema,
  sentiment: z.object({ positive: count, neutral: count, negative: count, other: count }),
  /** Candidates per engagement band in each talent pool (the 20 largest pools). */
  bandsByPool: z.array(z.object({ talentPoolId: z.number(), name: z.string(), cold: count, warm: count, hot: count })),
  /** Threads whose last message is the candidate's, oldest first (at most 10). */
  needsReply: z.array(z.object({
    threadId: z.number(), candidate: z.object({ id: z.number(), name: z.string() }),
    subject: z.string().nullable(), preview: z.string(), sentiment: z.enum(['positive', 'negative', 'neutral', 'other']).nullable(),
    receivedAt: timestamp,
  })),
  /** The highest engagement scores with activity in the last 7 days (at most 10). */
  hottest: z.array(z.object({ id: z.number(), name: z.string(), score: z.number(), band: z.enum(ENGAGEMENT_BANDS), lastActivityAt: timestamp })),
  /** Campaigns scheduled or sending, with their progress. */
  campaignsInProgress: z.array(z.object({ id: z.number(), name: z.string(), status: z.string(), percent: rate, sent: count, recipients: count })),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
