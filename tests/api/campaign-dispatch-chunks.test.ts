// A large pool is dispatched a chunk per transaction (decision 021), on the real
// database: the campaign is 'sending' after the first chunk, a chunk that dies
// before its commit is written again from the cursor (each member once), late
// joiners wait for the dispatch, the campaign completes only after the last
// chunk, progress counts the whole pool, and a cancel stops the dispatch.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInRecruiter, startTestApp, type TestApp, type TestClient } from '../support/harness.ts';
import { NO_AI } from '../support/fake-openai.ts';
import { OUTBOX_MAIL } from '../support/smtp-sink.ts';
import { asService } from '#platform/db/request.server.ts';
import { dispatchCampaignChunk } from '#domain/campaigns/campaigns.server.ts';
import { joinLate } from '#domain/campaigns/sequences.server.ts';
import { newCandidate, newPool, uniqueTag } from '../support/test-data.ts';

let app: TestApp;
let recruiter: TestClient;

// No worker and no job queue: the test moves the dispatch on itself, chunk by chunk.
beforeAll(async () => {
  app = await startTestApp({ config: { openai: NO_AI, ...OUTBOX_MAIL } });
  recruiter = app.client({ ip: '10.113.0.1' });
  await signInRecruiter(recruiter);
});
afterAll(async () => {
  await app?.close();
});

const CHUNK = 3;
const chunk = (campaignId: number) =>
  asService(app.pools.app, (tx) => dispatchCampaignChunk(tx, campaignId, app.config.publicUrl, new Date(), CHUNK));

async function poolOf(size: number) {
  const people = [];
  for (let i = 0; i < size; i++) people.push(await newCandidate(recruiter, { name: `Chunk Person ${uniqueTag()}` }));
  return { pool: await newPool(recruiter, people.map((p) => p.id)), people };
}

async function launch(poolId: number, extra: Record<string, unknown> = {}) {
  const created = await recruiter.post('/api/campaigns', {
    name: `Chunks ${uniqueTag()}`, campaignType: 'nurture', talentPoolId: poolId, language: 'english',
    emailSubject: 'A role for you, {{firstName}}', emailContent: 'Hi {{firstName}}, interested?',
    scheduledAt: new Date(Date.now() - 1000).toISOString(), ...extra,
  });
  expect(created.status, created.text).toBe(201);
  return created.json.campaign.id as number;
}

async function state(campaignId: number) {
  const { rows: [row] } = await app.pools.owner.query<{ status: string; cursor: number | null; recipients: number; messages: number; distinct: number }>(
    `select k.status, k.dispatch_cursor as cursor,
            (select count(*)::int from public.campaign_recipients r where r.campaign_id = k.id) as recipients,
            (select count(*)::int from public.messages m where m.campaign_id = k.id) as messages,
            (select count(distinct m.candidate_id)::int from public.messages m where m.campaign_id = k.id) as distinct
       from public.campaigns k where k.id = $1`, [campaignId]);
  return row;
}

describe('chunked campaign dispatch', () => {
  it('sends from the first chunk on, resumes at the cursor after a lost chunk, and writes each member once', async () => {
    const { pool, people } = await poolOf(7);
    const id = await launch(pool.id, { joinLate: true });

    const first = await chunk(id);
    expect(first.done).toBe(false);
    expect(first.queued).toHaveLength(CHUNK);
    let now = await state(id);
    expect(now).toMatchObject({ status: 'sending', recipients: CHUNK, messages: CHUNK });
    expect(now.cursor).toBe(people.map((p) => p.id).sort((a, b) => a - b)[CHUNK - 1]);
    // Progress is measured against the whole pool while the dispatch runs.
    const detail = await recruiter.get(`/api/campaigns/${id}`);
    expect(detail.json.progress.percent).toBe(0);
    expect(detail.json.status).toBe('sending');

    // A late joiner (a higher id than the cursor) is the dispatch's to write, not joinLate's.
    const late = await newCandidate(recruiter, { name: `Chunk Late ${uniqueTag()}` });
    expect((await recruiter.post(`/api/talent-pools/${pool.id}/members`, { candidateIds: [late.id] })).status).toBe(200);
    await asService(app.pools.app, (tx) => joinLate(tx, app.config.publicUrl, new Date()));
    expect((await state(id)).recipients).toBe(CHUNK);

    // The worker dies inside the second chunk: nothing of it stays, the cursor does not move.
    const cursor = now.cursor;
    await expect(asService(app.pools.app, async (tx) => {
      await dispatchCampaignChunk(tx, id, app.config.publicUrl, new Date(), CHUNK);
      throw new Error('killed');
    })).rejects.toThrow('killed');
    expect(await state(id)).toMatchObject({ cursor, recipients: CHUNK });

    // Not complete while members remain, even if everything written so far were sent.
    await app.pools.owner.query(`update public.messages set status = 'sent', sent_at = now() where campaign_id = $1`, [id]);
    await app.pools.owner.query(`update public.campaign_recipients set status = 'sent' where campaign_id = $1`, [id]);
    expect((await chunk(id)).done).toBe(false);
    expect((await state(id)).status).toBe('sending');
    const last = await chunk(id);
    expect(last.done).toBe(true);
    now = await state(id);
    expect(now).toMatchObject({ cursor: null, recipients: 8, messages: 8, distinct: 8 });
    // Done: a further run writes nothing.
    expect(await chunk(id)).toEqual({ queued: [], done: true });
    expect((await state(id)).messages).toBe(8);
  });

  it('a pool that fits one chunk is dispatched and ends the dispatch at once', async () => {
    const { pool } = await poolOf(2);
    const id = await launch(pool.id);
    const only = await chunk(id);
    expect(only.done).toBe(true);
    expect(await state(id)).toMatchObject({ status: 'sending', cursor: null, recipients: 2, messages: 2 });
  });

  it('a cancel during the dispatch stops it: the members not reached get nothing', async () => {
    const { pool } = await poolOf(7);
    const id = await launch(pool.id);
    expect((await chunk(id)).done).toBe(false);
    const cancelled = await recruiter.post(`/api/campaigns/${id}/cancel`, {});
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(await chunk(id)).toEqual({ queued: [], done: true });
    const after = await state(id);
    expect(after).toMatchObject({ status: 'cancelled', cursor: null, recipients: CHUNK });
    const { rows } = await app.pools.owner.query(
      `select 1 from public.messages where campaign_id = $1 and status in ('queued', 'sending')`, [id]);
    expect(rows).toHaveLength(0);
  });
});
