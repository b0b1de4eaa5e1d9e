// GET /api/dashboard on the real database: messages, opens, clicks, replies,
// unsubscribes and meetings written through the real paths (the API, the
// engagement-record job's recordHit, the unsubscribe and booking paths) or by SQL
// exactly as the services write them; the rollups the triggers keep give the
// hand-counted KPIs, per period and scope, and stay exact when an event repeats.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardSchema, type Dashboard } from '#domain/dashboard/schemas.ts';
import { recordHit } from '#domain/engagement/record.server.ts';
import { unsubscribe } from '#domain/consent/unsubscribe.server.ts';
import { startTestApp, type TestApp, type TestClient } from '../support/harness.ts';
import { login, makeUser, type TestUser } from '../support/auth-users.ts';
import { newCandidate } from '../support/test-data.ts';
import { newBookableRecruiter, newLink, slotsOf } from '../support/meeting-data.ts';

let app: TestApp;
let ip = 0;
const DAY = 86_400_000;
const HUMAN = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const APPLE_PROXY = 'Mozilla/5.0';

beforeAll(async () => { app = await startTestApp(); });
afterAll(async () => { await app?.close(); });

interface Recruiter { user: TestUser; client: TestClient }

async function newRecruiter(): Promise<Recruiter> {
  const user = await makeUser(app);
  const client = app.client({ ip: `10.81.0.${++ip}` });
  const signedIn = await login(client, user);
  expect(signedIn.status, signedIn.text).toBe(200);
  return { user, client };
}

async function dashboard(client: TestClient, query = ''): Promise<Dashboard> {
  const answer = await client.get(`/api/dashboard${query}`);
  expect(answer.status, answer.text).toBe(200);
  return dashboardSchema.parse(answer.json);
}

const daysAgo = (days: number, hours = 0) => new Date(Date.now() - days * DAY - hours * 3_600_000);

/** POST /api/candidates/{id}/messages, then what delivery writes when the mail went out `sentAt`. */
async function sentMessage(recruiter: Recruiter, sentAt: Date): Promise<{ id: number; candidateId: number }> {
  const person = await newCandidate(recruiter.client);
  const created = await recruiter.client.post(`/api/candidates/${person.id}/messages`, { channel: 'email', subject: 'A role', content: 'Hello' });
  expect(created.status, created.text).toBe(201);
  const id: number = created.json.message.id;
  await app.pools.owner.query(`update public.messages set status = 'sent', sent_at = $2 where id = $1`, [id, sentAt]);
  return { id, candidateId: person.id };
}

const open = (messageId: number, at: Date, userAgent = HUMAN) =>
  recordHit(app.pools.app, { kind: 'open', messageId, linkIndex: null, at: at.toISOString(), userAgent, ip: '192.0.2.1' });

/** A reply as domain/messages/inbound-email.server.ts stores it: the inbound message, then the 'reply' event on the original. */
async function reply(original: { id: number; candidateId: number }, at: Date, sentiment: string | null): Promise<number> {
  const { rows: [row] } = await app.pools.owner.query<{ id: number }>(
    `insert into public.messages (candidate_id, thread_id, original_message_id, direction, channel, subject, content, sentiment, status, created_at)
     values ($1, $2, $2, 'in', 'email', 'Re: A role', 'Sounds good', $3, 'received', $4) returning id::int`,
    [original.candidateId, original.id, sentiment, at]);
  await app.pools.owner.query(
    `insert into public.engagement_events (candidate_id, message_id, kind, occurred_at, metadata) values ($1, $2, 'reply', $3, $4)`,
    [original.candidateId, original.id, at, JSON.stringify({ replyMessageId: row.id, sentiment })]);
  return row.id;
}

async function expectRollupsExact() {
  const { rows } = await app.pools.owner.query(
    `(select * from private.engagement_daily_recount() except select * from public.engagement_daily)
     union all (select * from public.engagement_daily except select * from private.engagement_daily_recount())`);
  expect(rows).toEqual([]);
}

describe('GET /api/dashboard', () => {
  it('gives the hand-counted KPIs, series and funnel for me, per period', async () => {
    const me = await newRecruiter();
    // Three mails this week, one 20 days ago, one 60 days ago.
    const a = await sentMessage(me, daysAgo(3));
    const b = await sentMessage(me, daysAgo(3));
    const c = await sentMessage(me, daysAgo(2));
    const old = await sentMessage(me, daysAgo(20));
    await sentMessage(me, daysAgo(60));
    // a: a machine open at delivery, then the person opens twice (two hours apart) and clicks... no link: opens only.
    expect((await open(a.id, new Date(daysAgo(3).getTime() + 2_000), HUMAN)).machine).toBe(true);
    expect((await open(a.id, daysAgo(2, 5))).written).toBe(true);
    expect((await open(a.id, daysAgo(2, 2))).written).toBe(true);
    // b: only Apple's privacy proxy opened it.
    expect((await open(b.id, daysAgo(2, 1), APPLE_PROXY)).machine).toBe(true);
    // c: replied positively; a second reply in the thread, negative.
    await reply(c, daysAgo(1), 'positive');
    await reply(c, daysAgo(1, -1), 'negative');
    // old: opened by a person 19 days ago.
    await open(old.id, daysAgo(19));

    const week = await dashboard(me.client, '?period=7d&scope=me');
    expect(week.kpis).toEqual({
      sent: 3, humanOpenRate: 33.3, rawOpenRate: 66.7, clickRate: 0, replyRate: 33.3, positiveReplyShare: 50, meetingsBooked: 0, unsubscribes: 0,
    });
    expect(week.funnel).toEqual({ sent: 3, opened: 1, clicked: 0, replied: 1, booked: 0 });
    expect(week.sentiment).toEqual({ positive: 1, neutral: 0, negative: 1, other: 0 });
    expect(week.activity).toHaveLength(7);
    expect(week.activity.at(-1)!.date).toBe(new Date().toISOString().slice(0, 10));
    const byDate = Object.fromEntries(week.activity.map((day) => [day.date, day]));
    expect(byDate[daysAgo(3).toISOString().slice(0, 10)]).toMatchObject({ sent: 2 });
    expect(week.activity.reduce((sum, day) => sum + day.opened, 0)).toBe(1);

    const month = await dashboard(me.client, '?period=30d&scope=me');
    expect(month.kpis).toMatchObject({ sent: 4, humanOpenRate: 50, rawOpenRate: 75, replyRate: 25 });
    expect(month.activity).toHaveLength(30);
    expect((await dashboard(me.client, '?period=90d&scope=me')).kpis.sent).toBe(5);
    // The default is 30 days, mine.
    expect(await dashboard(me.client)).toMatchObject({ period: '30d', scope: 'me', kpis: { sent: 4 } });
    await expectRollupsExact();
  });

  it('a repeated event changes nothing; a sentiment set later by the job is counted once, and moved when it changes', async () => {
    const me = await newRecruiter();
    const m = await sentMessage(me, daysAgo(1));
    const at = daysAgo(0, 3);
    expect((await open(m.id, at)).written).toBe(true);
    expect((await open(m.id, new Date(at.getTime() + 1_000))).written).toBe(false); // same hour: the job's dedupe key
    expect((await open(m.id, daysAgo(0, 1))).written).toBe(true); // a later hour: a second event, still one opened message
    const replyId = await reply(m, daysAgo(0, 2), null);
    await reply(m, daysAgo(0, 1), null); // a second reply: still one replied message
    let board = await dashboard(me.client, '?period=7d');
    expect(board.funnel).toEqual({ sent: 1, opened: 1, clicked: 0, replied: 1, booked: 0 });
    expect(board.sentiment).toEqual({ positive: 0, neutral: 0, negative: 0, other: 0 });
    // A soft bounce's resend (queued again, then sent, its first sent_at kept) is still one mail sent.
    await app.pools.owner.query(`update public.messages set status = 'queued' where id = $1`, [m.id]);
    await app.pools.owner.query(`update public.messages set status = 'sent' where id = $1`, [m.id]);
    expect((await dashboard(me.client, '?period=7d')).funnel.sent).toBe(1);

    await app.pools.owner.query(`update public.messages set sentiment = 'neutral' where id = $1`, [replyId]);
    await app.pools.owner.query(`update public.messages set sentiment = 'positive' where id = $1`, [replyId]);
    board = await dashboard(me.client, '?period=7d');
    expect(board.sentiment).toEqual({ positive: 1, neutral: 0, negative: 0, other: 0 });
    expect(board.kpis.positiveReplyShare).toBe(100);
    await expectRollupsExact();
  });

  it('scope me counts only my messages and meetings; team counts everyone; unsubscribes count', async () => {
    const me = await newRecruiter();
    const colleague = await newBookableRecruiter(app, undefined, `10.82.0.${++ip}`);
    const teamBefore = await dashboard(me.client, '?period=7d&scope=team');

    const mine = await sentMessage(me, daysAgo(1));
    await sentMessage({ user: colleague.user, client: colleague.client }, daysAgo(1));
    await sentMessage({ user: colleague.user, client: colleague.client }, daysAgo(1));
    const { rows: [token] } = await app.pools.owner.query<{ reply_token: string }>('select reply_token from public.messages where id = $1', [mine.id]);
    expect(await unsubscribe(app.pools.app, token.reply_token)).toMatchObject({ status: 'unsubscribed' });
    expect(await unsubscribe(app.pools.app, token.reply_token)).toMatchObject({ status: 'already' });
    // The colleague's candidate books through the public booking page.
    const link = await newLink(colleague);
    const [slot] = (await slotsOf(colleague.client, link.token)).slots;
    const booked = await app.client({ ip: `10.83.0.${++ip}` }).post(`/api/public/booking/${link.token}`, { start: slot.start, name: 'Bo', email: 'bo@example.org' });
    expect(booked.status, booked.text).toBe(201);

    expect((await dashboard(me.client, '?period=7d&scope=me')).kpis).toMatchObject({ sent: 1, unsubscribes: 1, meetingsBooked: 0 });
    expect((await dashboard(colleague.client, '?period=7d&scope=me')).kpis).toMatchObject({ sent: 2, unsubscribes: 0, meetingsBooked: 1 });
    const teamAfter = await dashboard(me.client, '?period=7d&scope=team');
    expect(teamAfter.kpis.sent - teamBefore.kpis.sent).toBe(3);
    expect(teamAfter.kpis.unsubscribes - teamBefore.kpis.unsubscribes).toBe(1);
    expect(teamAfter.funnel.booked - teamBefore.funnel.booked).toBe(1);
    await expectRollupsExact();
  });

  it('bands per pool follow scores, memberships and erasure', async () => {
    const me = await newRecruiter();
    const pool = await me.client.post('/api/talent-pools', { name: `Dashboard pool ${randomUUID().slice(0, 8)}` });
    expect(pool.status, pool.text).toBe(201);
    const people = await Promise.all(Array.from({ length: 30 }, () => newCandidate(me.client)));
    const added = await me.client.post(`/api/talent-pools/${pool.json.id}/members`, { candidateIds: people.map((p) => p.id) });
    expect(added.status, added.text).toBe(200);
    const bandsOf = async () => (await dashboard(me.client, '?scope=team')).bandsByPool.find((row) => row.talentPoolId === pool.json.id);
    // 30 members: one of the largest pools of the demo data and the tests.
    expect(await bandsOf()).toEqual({ talentPoolId: pool.json.id, name: pool.json.name, cold: 30, warm: 0, hot: 0 });
    // One set-based update, as the score recompute writes it.
    await app.pools.owner.query(
      `update public.candidates set engagement_score = case when id = any($1) then 80 when id = any($2) then 45 else engagement_score end
        where id = any($1) or id = any($2)`,
      [people.slice(0, 5).map((p) => p.id), people.slice(5, 12).map((p) => p.id)]);
    expect(await bandsOf()).toMatchObject({ cold: 18, warm: 7, hot: 5 });
    // Scored within the same band: nothing moves.
    await app.pools.owner.query('update public.candidates set engagement_score = 90 where id = $1', [people[0].id]);
    const removed = await me.client.post(`/api/talent-pools/${pool.json.id}/members/remove`, { candidateIds: [people[1].id, people[20].id] });
    expect(removed.status, removed.text).toBe(200);
    const erased = await me.client.delete(`/api/candidates/${people[5].id}`);
    expect(erased.status, erased.text).toBe(200);
    expect(await bandsOf()).toMatchObject({ cold: 17, warm: 6, hot: 4 });
    const { rows } = await app.pools.owner.query(
      `select m.talent_pool_id, count(*) filter (where c.engagement_score < 30)::int as cold,
              count(*) filter (where c.engagement_score between 30 and 69)::int as warm, count(*) filter (where c.engagement_score >= 70)::int as hot
         from public.talent_pool_members m join public.candidates c on c.id = m.candidate_id group by 1
       except
       select talent_pool_id, coalesce(sum(members) filter (where band = 'cold'), 0)::int, coalesce(sum(members) filter (where band = 'warm'), 0)::int,
              coalesce(sum(members) filter (where band = 'hot'), 0)::int from public.talent_pool_bands group by 1`);
    expect(rows).toEqual([]);
  });

  it('lists threads needing a reply oldest first, the hottest candidates of the week, and campaigns in progress', async () => {
    const me = await newRecruiter();
    await app.pools.owner.query('update public.messages set needs_reply = false where needs_reply');
    const first = await sentMessage(me, daysAgo(5));
    const second = await sentMessage(me, daysAgo(4));
    await reply(second, daysAgo(0, 5), 'positive');
    await reply(first, daysAgo(0, 1), 'neutral');
    const board = await dashboard(me.client, '?scope=team');
    expect(board.needsReply.map((row) => row.threadId)).toEqual([first.id, second.id]);
    expect(board.needsReply[1]).toMatchObject({ candidate: { id: second.candidateId }, subject: 'A role', preview: 'Sounds good', sentiment: 'positive' });

    // The hottest: a top score with an event this week; a higher one without recent activity is left out.
    await app.pools.owner.query('update public.candidates set engagement_score = 100 where id = any($1)', [[first.candidateId, second.candidateId]]);
    await app.pools.owner.query(`update public.engagement_events set occurred_at = now() - interval '8 days' where candidate_id = $1`, [first.candidateId]);
    const hot = (await dashboard(me.client)).hottest;
    expect(hot[0]).toMatchObject({ id: second.candidateId, score: 100, band: 'hot' });
    expect(hot.map((row) => row.id)).not.toContain(first.candidateId);

    const { rows: [campaign] } = await app.pools.owner.query<{ id: number }>(
      `insert into public.campaigns (name, campaign_type, status, created_by, scheduled_at) values ('Dashboard sending', 'quick', 'sending', $1, now() - interval '400 days') returning id::int`,
      [me.user.id]);
    await app.pools.owner.query(
      `insert into public.campaign_recipients (campaign_id, candidate_id, status) values ($1, $2, 'sent'), ($1, $3, 'pending'), ($1, $4, 'skipped'), ($1, $5, 'pending')`,
      [campaign.id, first.candidateId, second.candidateId, (await newCandidate(me.client)).id, (await newCandidate(me.client)).id]);
    // A campaign not dispatched yet has no recipients: listed at 0 %.
    const { rows: [waiting] } = await app.pools.owner.query<{ id: number }>(
      `insert into public.campaigns (name, campaign_type, status, created_by, scheduled_at) values ('Dashboard waiting', 'quick', 'scheduled', $1, now() - interval '399 days') returning id::int`,
      [me.user.id]);
    const listed = (await dashboard(me.client)).campaignsInProgress;
    expect(listed.find((row) => row.id === campaign.id)).toEqual({ id: campaign.id, name: 'Dashboard sending', status: 'sending', percent: 50, sent: 1, recipients: 4 });
    expect(listed.find((row) => row.id === waiting.id)).toEqual({ id: waiting.id, name: 'Dashboard waiting', status: 'scheduled', percent: 0, sent: 0, recipients: 0 });
  });

  it('refuses a bad period or scope with the field, and asks for a sign-in', async () => {
    const me = await newRecruiter();
    const bad = await me.client.get('/api/dashboard?period=1y');
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ error: 'period must be 7d, 30d or 90d', field: 'period' });
    expect((await me.client.get('/api/dashboard?scope=everyone')).json).toMatchObject({ field: 'scope' });
    expect((await app.client({ ip: `10.84.0.${++ip}` }).get('/api/dashboard')).status).toBe(401);
  });
});
