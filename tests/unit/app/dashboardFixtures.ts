// GET /api/dashboard answers for the dashboard tests (not a test file itself),
// built through the route's schema so they cannot drift from the API.
import type { z } from 'zod';
import { dashboardSchema, type Dashboard } from '#domain/dashboard/schemas.ts';
import { answer } from './answers.ts';

type DashboardInput = z.input<typeof dashboardSchema>;

export const busyDashboard: Dashboard = answer(dashboardSchema, {
  period: '30d',
  scope: 'me',
  from: '2030-02-01T00:00:00.000Z',
  to: '2030-03-03T00:00:00.000Z',
  kpis: {
    sent: 1234, humanOpenRate: 41.5, rawOpenRate: 63.2, clickRate: 12.3, replyRate: 8.1,
    positiveReplyShare: 55.6, meetingsBooked: 17, unsubscribes: 4,
  },
  activity: [
    { date: '2030-03-01', sent: 600, opened: 300, clicked: 80, replied: 50, booked: 9 },
    { date: '2030-03-02', sent: 634, opened: 212, clicked: 72, replied: 50, booked: 8 },
  ],
  funnel: { sent: 1234, opened: 512, clicked: 152, replied: 100, booked: 17 },
  sentiment: { positive: 55, neutral: 30, negative: 10, other: 5 },
  bandsByPool: [
    { talentPoolId: 3, name: 'Backend engineers', cold: 120, warm: 40, hot: 9 },
    { talentPoolId: 4, name: 'Designers', cold: 30, warm: 12, hot: 2 },
  ],
  // Deliberately not oldest first: the page puts the longest wait on top.
  needsReply: [
    { threadId: 71, candidate: { id: 11, name: 'Noor Bakker' }, subject: 'Re: Backend role', preview: 'Sounds good, when can we talk?',
      sentiment: 'positive', receivedAt: '2030-03-02T09:00:00.000Z' },
    { threadId: 70, candidate: { id: 12, name: 'Sam de Vries' }, subject: null, preview: 'Could you tell me more about the salary?',
      sentiment: null, receivedAt: '2030-02-27T15:30:00.000Z' },
  ],
  hottest: [
    { id: 21, name: 'Eva Mulder', score: 92, band: 'hot', lastActivityAt: '2030-03-02T10:00:00.000Z' },
    { id: 22, name: 'Tom Visser', score: 64, band: 'warm', lastActivityAt: '2030-03-01T10:00:00.000Z' },
  ],
  campaignsInProgress: [
    { id: 5, name: 'Spring backend outreach', status: 'sending', percent: 40, sent: 80, recipients: 200 },
  ],
});

/** A dashboard answer with `changes` on top of the busy one. */
export function dashboardAnswer(changes: Partial<DashboardInput> = {}): Dashboard {
  return answer(dashboardSchema, { ...busyDashboard, ...changes });
}

/** Nothing sent in the period: zero KPIs, empty series and lists. */
export const quietDashboard: Dashboard = dashboardAnswer({
  kpis: { sent: 0, humanOpenRate: 0, rawOpenRate: 0, clickRate: 0, replyRate: 0, positiveReplyShare: 0, meetingsBooked: 0, unsubscribes: 0 },
  activity: [],
  funnel: { sent: 0, opened: 0, clicked: 0, replied: 0, booked: 0 },
  sentiment: { positive: 0, neutral: 0, negative: 0, other: 0 },
  bandsByPool: [],
  needsReply: [],
  hottest: [],
  campaignsInProgress: [],
});
