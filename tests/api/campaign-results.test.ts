// Campaign results and control (issue 11): the funnel of GET /api/campaigns/{id}
// counts distinct recipients from the events the tracking job writes, the
// replies in the campaign's threads and the meetings booked after the send;
// /recipients filters and pages by candidate id; pause keeps the queued
// messages queued, resume sends them, cancel never sends them.
// The campaign is dispatched directly (dispatchCampaign) and delivered by a
// real delivery (domain/mail/delivery.ts) into the dev outbox; the jobs the
// API queues are recorded, not run, so each step is taken by the test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchCampaign } from '#domain/campaigns/campaigns.server.ts';
import { asService } from '#platform/db/request.server.ts';
import { mailSettings } from '#domain/mail/compose.server.ts';
import { createDelivery, type Delivery } from '#domain/mail/delivery.server.ts';
import { createMailPort } from '#domain/mail/index.server.ts';
import { messageIdsOf, QUEUES, type JobRequest, type MailJobData } from '#platform/runtime/jobs.server.ts';
import { startHeartbeat, type Heartbeat } from '#platform/runtime/workers.server.ts';
import { signInRecruiter, startTestApp, type TestApp, type TestClient } from '../support/harness.ts';
import { NO_AI } from '../support/fake-openai.ts';
import { OUTBOX_MAIL } from '../support/smtp-sink.ts';
import { CONSENT, newCandidate, newPool, uniqueTag } from '../support/test-data.ts';

let app: TestApp;
let recruiter: TestClient;
let heartbeat: Heartbeat;
let delivery: Delivery;
/** Every job the API queued, by queue. */
const queued: Array<{ queue: string; job: JobRequest }> = [];

beforeAll(async () => {
  app = await startTestApp({
    config: { openai: NO_AI, ...OUTBOX_MAIL },
    jobs: { send: (queue, jobs) => { queued.push(...jobs.map((job) => ({ queue, job }))); return Promise.resolve(); } },
  });
  recruiter = app.client({ ip: '10.91.0.1' });
  await signInRecruiter(recruiter);
  heartbeat = await startHeartbeat(app.pools.app, () => undefined);
  delivery = createDelivery({
    app: app.pools.app, mail: createMailPort(app.config, app.pools.app), settings: mailSettings(app.config), worker: heartbeat.identity, inFlight: 2,
  });
});
afterAll(async () => {
  await heartbeat?.stop();
  await app?.close();
});

/** A campaign to a new pool of `eligible` people who can be emailed and `skipped` who did not consent; not dispatched yet. */
async function newCampaign(eligible: number, skipped = 0, scheduledAt = new Date(Date.now() - 1000)) {
  const people = await Promise.all([
    ...Array.from({ length: eligible }, () => newCandidate(recruiter, CONSENT.email)),
    ...Array.from({ length: skipped }, () => newCandidate(recruiter, CONSENT.noEmailConsent)),
  ]);
  const pool = await newPool(recruiter, people.map((p) => p.id));
  const created = await recruiter.post('/api/campaigns', {
    name: `Results ${uniqueTag()}`, campaignType: 'nurture', talentPoolId: pool.id,
    emailSubject: 'A role for you', emailContent: 'Hi {{firstName}}, fancy a chat? https://example.org/role', scheduledAt: scheduledAt.toISOString(),
  });
  expect(created.status).toBe(201);
  return { id: created.json.campaign.id as number, people };
}

const dispatch = (campaignId: number) => asService(app.pools.app, (tx) => dispatchCampaign(tx, campaignId, app.config.publicUrl));
const deliver = (ids: number[]) => delivery.deliver(ids, () => true);

async function messagesOf(campaignId: number) {
  const { rows } = await app.pools.owner.query<{ id: number; candidateId: number; status: string; error: string | null; sentAt: Date | null }>(
    `select id::int, candidate_id::int as "candidateId", status, error, sent_at as "sentAt"
       from public.messages where campaign_id = $1 and direction = 'out' order by candidate_id`, [campaignId]);
  return rows;
}
async function outboxCount(messageIds: number[]) {
  const { rows } = await app.pools.owner.query('select count(*)::int as n from public.mail_outbox where message_id = any($1)', [messageIds]);
  return rows[0].n as number;
}

/** An event as the tracking job writes it. */
async function event(message: { id: number; candidateId: number }, campaignId: number, kind: string, machine = false) {
  // A bounce as domain/mail/bounces.ts writes a hard one (a soft bounce is retried, not "bounced").
  const metadata = kind === 'bounce' ? { type: 'hard', status: '5.1.1' } : {};
  await app.pools.owner.query(
    `insert into public.engagement_events (candidate_id, message_id, campaign_id, kind, machine, metadata) values ($1, $2, $3, $4, $5, $6)`,
    [message.candidateId, message.id, campaignId, kind, machine, JSON.stringify(metadata)]);
}
/** The candidate's answer in the thread of the campaign's message. */
async function inboundReply(message: { id: number; candidateId: number }, campaignId: number, sentiment: string) {
  await app.pools.owner.query(
    `insert into public.messages (candidate_id, thread_id, original_message_id, campaign_id, direction, channel, subject, content, status, sentiment)
     values ($1, $2, $2, $3, 'in', 'email', 'Re: A role for you', 'Sounds interesting', 'received', $4)`,
    [message.candidateId, message.id, campaignId, sentiment]);
}
let meetingDay = 0;
async function meeting(candidateId: number, createdAt: Date) {
  meetingDay += 1;
  await app.pools.owner.query(
    `insert into public.meetings (recruiter_id, candidate_id, title, starts_at, ends_at, created_at)
     values ((select id from public.profiles where username = 'recruiter'), $1, 'Intro',
             now() + make_interval(days => 400 + $2), now() + make_interval(days => 400 + $2, mins => 30), $3)`,
    [candidateId, meetingDay, createdAt]);
}

describe('the funnel', () => {
  it('counts distinct recipients at each step, human opens apart from machine ones', async () => {
    const { id } = await newCampaign(5, 1);
    const ids = await dispatch(id);
    expect(ids).toHaveLength(5);
    await deliver(ids);
    const [machineOnly, engaged, negative, bounced, quiet] = await messagesOf(id);
    expect([machineOnly, engaged, negative, bounced, quiet].every((m) => m.status === 'sent')).toBe(true);

    await event(machineOnly, id, 'open', true);
    await event(engaged, id, 'open', true);
    await event(engaged, id, 'open');
    await event(engaged, id, 'open');
    await event(engaged, id, 'click');
    await event(engaged, id, 'click');
    await inboundReply(engaged, id, 'positive');
    await inboundReply(engaged, id, 'positive');
    await meeting(engaged.candidateId, new Date(engaged.sentAt!.getTime() + 60_000));
    await event(negative, id, 'open');
    await inboundReply(negative, id, 'negative');
    await event(negative, id, 'unsubscribe');
    // A meeting booked before the send is not the campaign's doing.
    await meeting(negative.candidateId, new Date(negative.sentAt!.getTime() - 86_400_000));
    await event(bounced, id, 'bounce');

    const detail = await recruiter.get(`/api/campaigns/${id}`);
    expect(detail.status).toBe(200);
    expect(detail.json.funnel).toEqual({
      sent: 5, delivered: 4, opened: 3, humanOpened: 2, clicked: 1, replied: 2, positive: 1, booked: 1, unsubscribed: 1,
    });
    expect(detail.json).toMatchObject({ status: 'sent', humanOpenRate: 40, replyRate: 40, meetingsBooked: 1 });
    const list = await recruiter.get('/api/campaigns');
    expect(list.json.campaigns.find((c: { id: number }) => c.id === id)).toMatchObject({
      sent: 5, humanOpenRate: 40, replyRate: 40, meetingsBooked: 1,
    });

    const recipients = await recruiter.get(`/api/campaigns/${id}/recipients`);
    const row = (candidateId: number) => recipients.json.recipients.find((r: { candidate: { id: number } }) => r.candidate.id === candidateId);
    expect(row(engaged.candidateId)).toMatchObject({
      status: 'sent', opened: true, humanOpened: true, clicked: true, replied: true, sentiment: 'positive', booked: true, sentAt: expect.any(String),
    });
    expect(row(machineOnly.candidateId)).toMatchObject({ opened: true, humanOpened: false, replied: false, sentiment: null });
    expect(row(negative.candidateId)).toMatchObject({ replied: true, sentiment: 'negative', booked: false });
    expect(row(bounced.candidateId)).toMatchObject({ status: 'sent', bounced: true, skipReason: 'The message bounced' });
    expect(row(quiet.candidateId)).toMatchObject({ opened: false, clicked: false, replied: false, booked: false });
  });
});

describe('the recipients', () => {
  it('filters by what happened, including who did not get it and why', async () => {
    const { id } = await newCampaign(3, 2);
    const ids = await dispatch(id);
    await deliver(ids);
    const [opener, bounced] = await messagesOf(id);
    await event(opener, id, 'open');
    await event(bounced, id, 'bounce');
    const list = async (status: string) => (await recruiter.get(`/api/campaigns/${id}/recipients?status=${status}`)).json;

    const skipped = await list('skipped');
    expect(skipped.recipients.map((r: { status: string; skipReason: string }) => [r.status, r.skipReason]))
      .toEqual([['skipped', 'Candidate has not consented to email'], ['skipped', 'Candidate has not consented to email']]);
    expect((await list('sent')).recipients).toHaveLength(3);
    expect((await list('opened')).recipients.map((r: { candidate: { id: number } }) => r.candidate.id)).toEqual([opener.candidateId]);
    expect((await list('clicked')).recipients).toEqual([]);
    expect((await list('pending')).recipients).toEqual([]);
    const notDelivered = await list('not_delivered');
    expect(notDelivered.recipients.map((r: { skipReason: string }) => r.skipReason).sort())
      .toEqual(['Candidate has not consented to email', 'Candidate has not consented to email', 'The message bounced']);
    expect(notDelivered.nextCursor).toBeNull();

    const bad = await recruiter.get(`/api/campaigns/${id}/recipients?status=lost`);
    expect(bad.status).toBe(400);
    expect(bad.json.field).toBe('status');
    expect((await recruiter.get(`/api/campaigns/${id}/recipients?cursor=abc`)).json.field).toBe('cursor');
    expect((await recruiter.get('/api/campaigns/99999999/recipients')).status).toBe(404);
  });

  it('pages 100 at a time by candidate id', async () => {
    // 103 people who cannot be emailed: all recorded as skipped, no mail needed.
    const { rows } = await app.pools.owner.query<{ id: number }>(
      `insert into public.candidates (name) select 'Paging ' || g from generate_series(1, 103) g returning id::int`);
    const pool = await newPool(recruiter);
    await app.pools.owner.query(
      `insert into public.talent_pool_members (talent_pool_id, candidate_id) select $1, unnest($2::bigint[])`, [pool.id, rows.map((r) => r.id)]);
    const created = await recruiter.post('/api/campaigns', {
      name: `Paging ${uniqueTag()}`, campaignType: 'nurture', talentPoolId: pool.id, emailSubject: 'S', emailContent: 'C',
      scheduledAt: new Date(Date.now() - 1000).toISOString(),
    });
    const id = created.json.campaign.id;
    await dispatch(id);

    const first = await recruiter.get(`/api/campaigns/${id}/recipients`);
    expect(first.json.recipients).toHaveLength(100);
    const sorted = rows.map((r) => r.id).sort((a, b) => a - b);
    expect(first.json.nextCursor).toBe(sorted[99]);
    const second = await recruiter.get(`/api/campaigns/${id}/recipients?cursor=${first.json.nextCursor}`);
    expect(second.json.recipients.map((r: { candidate: { id: number } }) => r.candidate.id)).toEqual(sorted.slice(100));
    expect(second.json.nextCursor).toBeNull();
    expect(first.json.total).toBe(103);

    // A page by number, and a search by name: what the campaign's page asks for.
    const third = await recruiter.get(`/api/campaigns/${id}/recipients?offset=100&limit=25`);
    expect(third.json.recipients.map((r: { candidate: { id: number } }) => r.candidate.id)).toEqual(sorted.slice(100));
    expect(third.json.total).toBe(103);
    const named = await recruiter.get(`/api/campaigns/${id}/recipients?q=${encodeURIComponent('paging 10')}&limit=2`);
    expect(named.json.recipients.map((r: { candidate: { name: string } }) => r.candidate.name)).toEqual(['Paging 10', 'Paging 100']);
    expect(named.json.total).toBe(5);
    // What was typed matches itself: % is no wildcard.
    expect((await recruiter.get(`/api/campaigns/${id}/recipients?q=${encodeURIComponent('%')}`)).json.total).toBe(0);
    const tooMany = await recruiter.get(`/api/campaigns/${id}/recipients?limit=500`);
    expect([tooMany.status, tooMany.json.field]).toEqual([400, 'limit']);
  });
});

describe('pause, resume and cancel', () => {
  /** The messages of the given ones that mail-send jobs were queued for. */
  const mailJobsFor = (ids: number[]) => queued.filter((q) => q.queue === QUEUES.mailSend)
    .flatMap((q) => messageIdsOf(q.job.data as MailJobData)).filter((messageId) => ids.includes(messageId));

  it('a paused campaign sends nothing; resuming queues and sends its messages', async () => {
    const { id } = await newCampaign(3);
    const ids = await dispatch(id);
    const paused = await recruiter.post(`/api/campaigns/${id}/pause`);
    expect(paused.status).toBe(200);
    expect(paused.json.campaign).toMatchObject({ status: 'paused', pending: 3 });

    const outcomes = await deliver(ids);
    expect([...outcomes.values()].map((o) => o.status)).toEqual(['not-claimed', 'not-claimed', 'not-claimed']);
    expect((await messagesOf(id)).map((m) => m.status)).toEqual(['queued', 'queued', 'queued']);
    expect(await outboxCount(ids)).toBe(0);

    const resumed = await recruiter.post(`/api/campaigns/${id}/resume`);
    expect(resumed.json.campaign).toMatchObject({ status: 'sending' });
    const jobs = mailJobsFor(ids);
    expect(jobs.toSorted()).toEqual(ids.toSorted());
    await deliver(jobs);
    expect(await outboxCount(ids)).toBe(3);
    expect((await recruiter.get(`/api/campaigns/${id}`)).json).toMatchObject({ status: 'sent', sent: 3, funnel: { sent: 3 } });
  });

  it('a campaign paused before it went out is scheduled again on resume, with its dispatch queued', async () => {
    const later = new Date(Date.now() + 3_600_000);
    const { id } = await newCampaign(1, 0, later);
    expect((await recruiter.post(`/api/campaigns/${id}/pause`)).json.campaign.status).toBe('paused');
    const before = queued.length;
    const resumed = await recruiter.post(`/api/campaigns/${id}/resume`);
    expect(resumed.json.campaign).toMatchObject({ status: 'scheduled', startedAt: null });
    expect(queued.slice(before)).toEqual([{ queue: QUEUES.campaignDispatch, job: { data: { campaignId: id }, startAfter: later } }]);
  });

  it('a paused campaign that is due is not dispatched', async () => {
    const { id } = await newCampaign(2);
    await recruiter.post(`/api/campaigns/${id}/pause`);
    expect(await dispatch(id)).toEqual([]);
    expect((await recruiter.get(`/api/campaigns/${id}`)).json).toMatchObject({ status: 'paused', recipients: 0 });
  });

  it('a cancelled campaign never sends its unsent messages, not even one that came back for a retry', async () => {
    const { id } = await newCampaign(3);
    const ids = await dispatch(id);
    await deliver(ids.slice(0, 1));
    const cancelled = await recruiter.post(`/api/campaigns/${id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.json.campaign).toMatchObject({ status: 'cancelled', sent: 1, pending: 0, progress: { cancelled: 2 } });
    const messages = await messagesOf(id);
    expect(messages.filter((m) => m.status === 'failed').map((m) => m.error))
      .toEqual(['Not sent: the campaign was cancelled', 'Not sent: the campaign was cancelled']);

    // A message that was in flight and came back to the queue.
    await app.pools.owner.query(`update public.messages set status = 'queued' where id = $1`, [ids[2]]);
    await app.pools.owner.query(`update public.campaign_recipients set status = 'pending' where message_id = $1`, [ids[2]]);
    const outcomes = await deliver(ids);
    expect([...outcomes.values()].every((o) => o.status === 'not-claimed')).toBe(true);
    expect(await outboxCount(ids)).toBe(1);
    expect((await messagesOf(id)).map((m) => m.status).sort()).toEqual(['failed', 'failed', 'sent']);
    const notDelivered = (await recruiter.get(`/api/campaigns/${id}/recipients?status=not_delivered`)).json.recipients;
    expect(notDelivered.map((r: { status: string; skipReason: string }) => [r.status, r.skipReason])).toEqual([
      ['cancelled', 'The campaign was cancelled before this message was sent'],
      ['cancelled', 'The campaign was cancelled before this message was sent'],
    ]);
  });

  it('refuses a step the campaign\'s status does not allow with 409', async () => {
    const { id } = await newCampaign(1, 0, new Date(Date.now() + 3_600_000));
    const resume = await recruiter.post(`/api/campaigns/${id}/resume`);
    expect(resume.status).toBe(409);
    expect(resume.json).toEqual({ error: 'Only a paused campaign can be resumed', code: 'cannot_resume', field: 'status' });
    expect((await recruiter.post(`/api/campaigns/${id}/cancel`)).json.campaign.status).toBe('cancelled');
    const pause = await recruiter.post(`/api/campaigns/${id}/pause`);
    expect(pause.status).toBe(409);
    expect(pause.json).toEqual({ error: 'Only a scheduled or sending campaign can be paused', code: 'cannot_pause', field: 'status' });
    const cancel = await recruiter.post(`/api/campaigns/${id}/cancel`);
    expect(cancel.status).toBe(409);
    expect(cancel.json.field).toBe('status');
    expect((await recruiter.post('/api/campaigns/99999999/pause')).status).toBe(404);
    expect((await app.client().post(`/api/campaigns/${id}/pause`)).status).toBe(401);
  });
});
