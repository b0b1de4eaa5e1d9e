// Where recruiters read the score (decision 016): the candidate detail explains
// it (band, each signal with its weight and time, raw and human opens), and the
// palette's subtitle names the band and score once there is any engagement.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recomputeEngagement } from '#domain/engagement/recompute.server.ts';
import { signInRecruiter, startTestApp, type TestApp, type TestClient } from '../support/harness.ts';
import { newCandidate } from '../support/test-data.ts';

let app: TestApp;
let recruiter: TestClient;
beforeAll(async () => {
  app = await startTestApp();
  recruiter = app.client({ ip: '10.23.0.1' });
  await signInRecruiter(recruiter);
});
afterAll(async () => { await app?.close(); });

describe('engagement score in the API', () => {
  it('explains the detail\'s score: each counted signal, its weight now and when; machine opens count apart', async () => {
    const candidate = await newCandidate(recruiter, { name: 'Femke Scoremaker', jobFunction: 'Data Engineer', location: 'Delft' });
    await app.pools.owner.query(
      `insert into public.engagement_events (candidate_id, kind, occurred_at, machine) values
         ($1, 'meeting_booked', now() - interval '30 days', false),
         ($1, 'click', now() - interval '1 hour', false),
         ($1, 'open', now() - interval '2 hours', false),
         ($1, 'open', now() - interval '3 hours', true)`, [candidate.id]);
    const detail = await recruiter.get(`/api/candidates/${candidate.id}`);
    expect(detail.status).toBe(200);
    const engagement = detail.json.engagement;
    expect(engagement).toMatchObject({ score: 35, band: 'warm', opens: 2, humanOpens: 1, clicks: 1, replies: 0, meetings: 1 });
    expect(engagement.signals.map((s: { kind: string; weight: number }) => [s.kind, s.weight]))
      .toEqual([['click', 10], ['open', 5], ['meeting_booked', 20]]);
    expect(Date.parse(engagement.signals[0].at)).toBeGreaterThan(Date.now() - 2 * 3_600_000);

    // The stored score follows with the job's recompute; the palette then shows it.
    expect(await recomputeEngagement(app.pools.app, [candidate.id])).toBe(1);
    const found = await recruiter.get('/api/search?q=scoremaker');
    expect(found.json.find((r: { id: string }) => r.id === `candidate:${candidate.id}`))
      .toMatchObject({ subtitle: 'Data Engineer · Delft · Warm 35%' });
  });
});
