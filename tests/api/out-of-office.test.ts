// Out of office pauses, not stops (issue 28, decision 038), on the real database with the worker
// running: an automatic reply to a sequence's email pauses that candidate's sequence through the
// return date it states (two weeks without one, or with one not to be believed), in the zone the
// steps are timed in, and the sequence goes on by itself after it. The auto-reply is no reply: not in
// the campaign's or the dashboard's reply figures, not in the needs-reply inbox, no exit, no opt-out.
// Replies arrive through POST /api/inbound/email; the clock is the campaign-steps job's `now`.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { signInRecruiter, startAppWithWorker, type TestAppWithWorker, type TestClient } from '../support/harness.ts';
import { NO_AI } from '../support/fake-openai.ts';
import { OUTBOX_MAIL } from '../support/smtp-sink.ts';
import { ORIGIN } from '../support/constants.ts';
import { mailJob, QUEUES } from '#platform/runtime/jobs.server.ts';
import { asService } from '#platform/db/request.server.ts';
import { organisationSettings } from '#domain/settings/organisation.server.ts';
import { addDays, startOfLocalDay } from '#domain/schemas/local-time.ts';
import { until } from '../support/until.ts';
import { newCandidate, newPool, uniqueTag, type CreatedCandidate } from '../support/test-data.ts';

const SECRET = 'out-of-office-secret';
const DAY = 86_400_000;
const MINUTE = 60_000;
let app: TestAppWithWorker;
let recruiter: TestClient;
const launched: number[] = [];

beforeAll(async () => {
  app = await startAppWithWorker({ config: { openai: NO_AI, ...OUTBOX_MAIL, inboundMailSecret: SECRET } });
  recruiter = app.client({ ip: '10.113.0.1' });
  await signInRecruiter(recruiter);
});
// A test's campaigns stop with it, so that another test's clock does not move them on.
afterEach(async () => {
  await app.pools.owner.query(`update public.campaigns set status = 'cancelled' where id = any($1) and status in ('sending', 'paused')`, [launched]);
});
afterAll(async () => {
  await app?.close();
});

const person = (fields: Record<string, unknown> = {}) => newCandidate(recruiter, { name: `Olga Away ${uniqueTag()}`, ...fields });
const today = () => new Date().toISOString().slice(0, 10);
/** "12 January", as an auto-reply writes a date. */
const dayMonth = (date: string) => new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', timeZone: 'UTC' });

/** Launches a two-step campaign (the follow-up 2 days after the first email) to these candidates, due now. */
async function launch(people: CreatedCandidate[], extra: Record<string, unknown> = {}) {
  const pool = await newPool(recruiter, people.map((p) => p.id));
  const created = await recruiter.post('/api/campaigns', {
    name: `Away ${uniqueTag()}`, campaignType: 'nurture', talentPoolId: pool.id, language: 'english',
    emailSubject: 'A role for you, {{firstName}}', emailContent: 'Hi {{firstName}}, interested?',
    scheduledAt: new Date(Date.now() - 1000).toISOString(), steps: [{ delayDays: 2, content: 'Hi {{firstName}}, following up.' }], ...extra,
  });
  expect(created.status, created.text).toBe(201);
  launched.push(created.json.campaign.id);
  return created.json.campaign.id as number;
}

/** The campaign's outbound messages of a step, by candidate. */
async function stepOf(campaignId: number, step: number) {
  const { rows } = await app.pools.owner.query<{ id: number; candidateId: number; status: string; sendAfter: Date | null; internetMessageId: string | null }>(
    `select id::int, candidate_id::int as "candidateId", status, send_after as "sendAfter", provider_message_id as "internetMessageId"
       from public.messages where campaign_id = $1 and campaign_step = $2 and direction = 'out' order by candidate_id`, [campaignId, step]);
  return rows;
}

/** Step 1 went out to all `count` recipients (a send window's wait skipped). */
async function firstStepSent(campaignId: number, count: number) {
  await until(() => stepOf(campaignId, 1), (rows) => rows.length === count);
  await app.pools.owner.query(`update public.messages set send_after = null where campaign_id = $1 and campaign_step = 1 and status = 'queued'`, [campaignId]);
  await app.worker.jobs.send(QUEUES.mailSend, (await stepOf(campaignId, 1)).map((m) => mailJob(m.id, 0, 'window-opened')));
  return until(() => stepOf(campaignId, 1), (rows) => rows.every((m) => m.status === 'sent' && m.internetMessageId));
}

/** Runs the campaign-steps job with `now` as its clock, to its end. */
async function runSteps(now: Date | number) {
  const id = randomUUID();
  await app.worker.jobs.send(QUEUES.campaignSteps, [{ data: { now: new Date(now).toISOString() }, id }]);
  const [job] = await until(() => app.worker.boss.findJobs(QUEUES.campaignSteps, { id }), ([found]) => found?.state === 'completed' || found?.state === 'failed');
  expect(job.state).toBe('completed');
}

const SUBJECTS = { 'by its header': 'Automatic reply: A role for you', 'by its words': 'Out of office', 'the candidate': 'Re: A role for you' };

/**
 * The candidate's out-of-office, answering our message, as the mail system sends it (Auto-Submitted), or
 * `from: 'by its words'` as some systems do, without the header; or, `from: 'the candidate'`, their own answer.
 */
async function autoReply(candidate: CreatedCandidate, inReplyTo: string, text: string, from: keyof typeof SUBJECTS = 'by its header') {
  const raw = [
    `From: ${candidate.name} <${candidate.email}>`, 'To: recruiting@talentloop.test', `Subject: ${SUBJECTS[from]}`,
    `Date: ${new Date().toUTCString()}`, `Message-ID: <${uniqueTag()}@mail.example.com>`, `In-Reply-To: ${inReplyTo}`,
    ...(from === 'by its header' ? ['Auto-Submitted: auto-replied'] : []), 'Content-Type: text/plain; charset="utf-8"', 'MIME-Version: 1.0', '', text,
  ].join('\r\n');
  const response = await app.api.request(`${ORIGIN}/api/inbound/email`, {
    method: 'POST', body: raw, headers: { 'content-type': 'message/rfc822', authorization: `Bearer ${SECRET}` },
  });
  const json = await response.json();
  expect(json.status, JSON.stringify(json)).toBe('stored');
  return json as { messageId: number; threadId: number; autoReply: boolean; autoReplyUntil: string | null; removalRequested: boolean };
}

async function recipients(campaignId: number) {
  const page = await recruiter.get(`/api/campaigns/${campaignId}/recipients`);
  expect(page.status, page.text).toBe(200);
  return new Map<number, { currentStep: number; exitReason: string | null; replied: boolean; outOfOfficeUntil: string | null }>(
    page.json.recipients.map((r: { candidate: { id: number } }) => [r.candidate.id, r]));
}

describe('an out-of-office with a return date', () => {
  it('pauses the sequence through that day in the candidate\'s zone; the next step is written the day after, and the row says until when', async () => {
    const [amsterdam, newYork] = await Promise.all([person({ location: 'Amsterdam' }), person({ location: 'New York, NY' })]);
    // An all-day window in each candidate's zone: the steps are timed in the candidate's zone.
    const id = await launch([amsterdam, newYork], { sendWindow: { start: '00:00', end: '23:59', weekdaysOnly: false, candidateTimeZone: true } });
    const first = await firstStepSent(id, 2);
    const back = addDays(today(), 10);
    for (const candidate of [amsterdam, newYork]) {
      const sent = first.find((m) => m.candidateId === candidate.id)!;
      const stored = await autoReply(candidate, sent.internetMessageId!,
        `Thank you for your email. I am out of the office and back on ${dayMonth(back)}. For urgent matters, contact my colleague.`);
      expect(stored).toMatchObject({ autoReply: true, autoReplyUntil: back, removalRequested: false });
    }
    expect([...(await recipients(id)).values()]).toEqual([amsterdam, newYork].map(() => expect.objectContaining({
      currentStep: 1, exitReason: null, replied: false, outOfOfficeUntil: back })));

    await runSteps(Date.now() + 3 * DAY); // the delay has passed: without the pause, step 2 was due
    expect(await stepOf(id, 2)).toEqual([]);
    const resumesIn = (zone: string) => startOfLocalDay(addDays(back, 1), zone);
    await runSteps(resumesIn('Europe/Amsterdam') - MINUTE);
    expect(await stepOf(id, 2)).toEqual([]);
    await runSteps(resumesIn('Europe/Amsterdam'));
    expect((await stepOf(id, 2)).map((m) => [m.candidateId, m.status, m.sendAfter?.getTime()]))
      .toEqual([[amsterdam.id, 'queued', resumesIn('Europe/Amsterdam')]]);
    await runSteps(resumesIn('America/New_York') - MINUTE);
    expect((await stepOf(id, 2)).map((m) => m.candidateId)).toEqual([amsterdam.id]);
    await runSteps(resumesIn('America/New_York'));
    expect((await stepOf(id, 2)).map((m) => m.candidateId)).toEqual([amsterdam.id, newYork.id].sort((a, b) => a - b));

    // Resumed: the step is written and the pause is over.
    const after = await recipients(id);
    expect([...after.values()].map((r) => [r.currentStep, r.outOfOfficeUntil, r.exitReason])).toEqual([[2, null, null], [2, null, null]]);
  });
});

describe('an out-of-office without a date, or with one not to be believed', () => {
  it('pauses two weeks from the mail\'s day', async () => {
    const [noDate, farAhead, inThePast] = await Promise.all([person(), person(), person()]);
    const id = await launch([noDate, farAhead, inThePast]);
    const first = await firstStepSent(id, 3);
    const sentTo = (candidate: CreatedCandidate) => first.find((m) => m.candidateId === candidate.id)!.internetMessageId!;
    const mailDay = today();
    await autoReply(noDate, sentTo(noDate), 'I am currently on parental leave with no access to email.');
    const far = addDays(mailDay, 120);
    expect((await autoReply(farAhead, sentTo(farAhead), `I am on sabbatical and back on ${far}.`)).autoReplyUntil).toBe(far);
    const past = addDays(mailDay, -3);
    expect((await autoReply(inThePast, sentTo(inThePast), `I was away until ${past}.`)).autoReplyUntil).toBe(past);

    const twoWeeks = addDays(mailDay, 14);
    expect([...(await recipients(id)).values()].map((r) => r.outOfOfficeUntil)).toEqual([twoWeeks, twoWeeks, twoWeeks]);
    // The organisation's zone times the steps of a campaign without a candidate-zone window.
    const zone = (await asService(app.pools.app, organisationSettings)).timeZone;
    await runSteps(startOfLocalDay(addDays(twoWeeks, 1), zone) - MINUTE);
    expect(await stepOf(id, 2)).toEqual([]);
    await runSteps(startOfLocalDay(addDays(twoWeeks, 1), zone));
    expect((await stepOf(id, 2)).map((m) => m.candidateId)).toEqual([noDate.id, farAhead.id, inThePast.id].sort((a, b) => a - b));
  });
});

describe('an auto-reply is no reply', () => {
  it('counts in no reply figure, asks for no answer, leaves the sequence running and never unsubscribes, whatever it says', async () => {
    const [byHeader, byWords] = await Promise.all([person(), person()]);
    const id = await launch([byHeader, byWords]);
    const first = await firstStepSent(id, 2);
    const sentTo = (candidate: CreatedCandidate) => first.find((m) => m.candidateId === candidate.id)!.internetMessageId!;
    const dashboard = async () => (await recruiter.get('/api/dashboard?period=7d')).json;
    const before = await dashboard();

    const stored = [
      await autoReply(byHeader, sentTo(byHeader),
        'I am out of the office until next week. If you no longer want these emails, unsubscribe here. STOP to opt out.'),
      await autoReply(byWords, sentTo(byWords),
        'I am out of the office until next week with limited access to email. To unsubscribe from our newsletter, click here.', 'by its words'),
    ];
    expect(stored).toEqual([expect.objectContaining({ autoReply: true, removalRequested: false }), expect.objectContaining({ autoReply: true, removalRequested: false })]);

    const detail = (await recruiter.get(`/api/campaigns/${id}`)).json;
    expect(detail.funnel).toMatchObject({ sent: 2, replied: 0, unsubscribed: 0 });
    const listed = (await recruiter.get('/api/campaigns')).json.campaigns.find((c: { id: number }) => c.id === id);
    expect(listed).toMatchObject({ replyRate: 0 });
    expect([...(await recipients(id)).values()]).toEqual([byHeader, byWords].map(() =>
      expect.objectContaining({ replied: false, exitReason: null, outOfOfficeUntil: expect.any(String) })));
    const replied = await recruiter.get(`/api/campaigns/${id}/recipients?status=replied`);
    expect(replied.json.total).toBe(0);

    const after = await dashboard();
    expect(after.funnel.replied).toBe(before.funnel.replied);
    expect(after.kpis.replyRate).toBeLessThanOrEqual(before.kpis.replyRate);
    expect(after.sentiment).toEqual(before.sentiment);
    const ours = (list: Array<{ threadId: number }>) => list.filter((t) => stored.some((s) => s.threadId === t.threadId));
    expect(ours(after.needsReply)).toEqual([]);
    expect(ours((await recruiter.get('/api/messages?view=needs-reply&limit=200')).json.threads)).toEqual([]);

    for (const candidate of [byHeader, byWords]) {
      const candidateNow = await recruiter.get(`/api/candidates/${candidate.id}`);
      expect(candidateNow.json).toMatchObject({ allowsEmail: true, unsubscribedAt: null });
    }
    const events = await app.pools.owner.query(`select 1 from public.engagement_events where candidate_id = any($1) and kind in ('unsubscribe', 'reply')`,
      [[byHeader.id, byWords.id]]);
    expect(events.rows).toEqual([]);
  });

  it('a thread that waits for an answer keeps the candidate\'s own words and sentiment when an out-of-office follows', async () => {
    const candidate = await person();
    const id = await launch([candidate]);
    const [sent] = await firstStepSent(id, 1);
    const answer = await autoReply(candidate, sent.internetMessageId!, 'Sounds great, I am interested! Can you send me the details?', 'the candidate');
    await autoReply(candidate, sent.internetMessageId!, 'I am out of the office until next week with limited access to email.');

    const waiting = (await recruiter.get('/api/dashboard?period=7d')).json.needsReply.find((t: { threadId: number }) => t.threadId === answer.threadId);
    expect(waiting).toMatchObject({ preview: 'Sounds great, I am interested! Can you send me the details?', sentiment: 'positive' });
    const inbox = (await recruiter.get('/api/messages?view=needs-reply&limit=200')).json.threads.find((t: { threadId: number }) => t.threadId === answer.threadId);
    expect(inbox).toMatchObject({ needsReply: true, sentiment: 'positive' });
  });
});
