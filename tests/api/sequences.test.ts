// Campaign sequences (issue 12) on the real database with the worker running:
// follow-ups after their delay (calendar or business days), threaded as replies;
// exits (reply, booking, unsubscribe, consent, hard bounce, pool removal, by hand);
// joining late; send windows per candidate zone; pause and cancel. The clock is
// the campaign-steps job's `now` (and step 1's sent_at where a fixed day matters):
// nothing waits for real days.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { signInRecruiter, startAppWithWorker, type TestAppWithWorker, type TestClient } from '../support/harness.ts';
import { LONGEST_DAY_SLACK } from '../support/constants.ts';
import { NO_AI } from '../support/fake-openai.ts';
import { OUTBOX_MAIL } from '../support/smtp-sink.ts';
import type { Worker } from '#worker/index.ts';
import { mailJob, QUEUES } from '#platform/runtime/jobs.server.ts';
import { asService } from '#platform/db/request.server.ts';
import { unsubscribe } from '#domain/consent/unsubscribe.server.ts';
import { nextInWindow } from '#domain/campaigns/send-window.ts';
import { organisationSettings } from '#domain/settings/organisation.server.ts';
import { EXIT_REASONS, MAX_DELAY_DAYS, MAX_FOLLOW_UPS, MIN_DELAY_DAYS } from '#domain/campaigns/sequence-schemas.ts';
import { until } from '../support/until.ts';
import { newCandidate, newPool, uniqueTag } from '../support/test-data.ts';

let app: TestAppWithWorker;
let worker: Worker;
let recruiter: TestClient;
const launched: number[] = [];

beforeAll(async () => {
  app = await startAppWithWorker({ config: { openai: NO_AI, ...OUTBOX_MAIL } });
  worker = app.worker;
  recruiter = app.client({ ip: '10.112.0.1' });
  await signInRecruiter(recruiter);
});
// A test's campaigns stop with it, so that another test's clock does not move them on.
afterEach(async () => {
  await app.pools.owner.query(`update public.campaigns set status = 'cancelled' where id = any($1) and status in ('sending', 'paused')`, [launched]);
});
afterAll(async () => {
  await app?.close();
});

const DAY = 86_400_000;

/**
 * The Thursday of the third week of a coming January, at least two weeks away: the send-window tests' week.
 * Real time never reaches it (the sender would deliver what those tests leave queued), and it is winter:
 * Amsterdam is UTC+1 and New York UTC-5, as the tests' comments say.
 */
const THURSDAY = (() => {
  const now = Date.now();
  for (let year = new Date(now).getUTCFullYear(); ; year++) {
    for (let date = 14; date <= 20; date++) {
      const day = new Date(Date.UTC(year, 0, date));
      if (day.getUTCDay() === 4 && day.getTime() - now > 14 * DAY) return day.getTime();
    }
  }
})();
/** `days` after that Thursday, at `time` UTC ('15:00'). */
function winterDay(days: number, time: string): Date {
  const [hours, minutes] = time.split(':').map(Number);
  return new Date(THURSDAY + days * DAY + (hours * 60 + minutes) * 60_000);
}
const person = (fields: Record<string, unknown> = {}) => newCandidate(recruiter, { name: `Noor Sequence ${uniqueTag()}`, ...fields });

/** Launches a two-step campaign (follow-up 2 days later unless `extra` says otherwise) to the pool, due now. */
async function launch(poolId: number, extra: Record<string, unknown> = {}) {
  const created = await recruiter.post('/api/campaigns', {
    name: `Sequence ${uniqueTag()}`, campaignType: 'nurture', talentPoolId: poolId, language: 'english',
    emailSubject: 'A role for you, {{firstName}}', emailContent: 'Hi {{firstName}}, interested?',
    scheduledAt: new Date(Date.now() - 1000).toISOString(),
    steps: [{ delayDays: 2, content: 'Hi {{firstName}}, following up on my last mail.' }], ...extra,
  });
  expect(created.status, created.text).toBe(201);
  launched.push(created.json.campaign.id);
  return created.json.campaign.id as number;
}

/** The send ledger of a campaign: its outbound messages by candidate and step. */
async function ledger(campaignId: number) {
  const { rows } = await app.pools.owner.query<{
    id: number; candidateId: number; step: number; status: string; subject: string; threadId: number | null; originalId: number | null;
    sendAfter: Date | null; error: string | null; replyToken: string;
  }>(`select id::int, candidate_id::int as "candidateId", campaign_step as step, status, subject, thread_id::int as "threadId",
             original_message_id::int as "originalId", send_after as "sendAfter", error, reply_token as "replyToken"
        from public.messages where campaign_id = $1 and direction = 'out' order by campaign_step, candidate_id`, [campaignId]);
  return rows;
}

const stepOf = async (campaignId: number, step: number) => (await ledger(campaignId)).filter((m) => m.step === step);

/** Waits until every message of the step is out of the queue. */
async function stepDelivered(campaignId: number, step: number, count: number) {
  return until(() => stepOf(campaignId, step), (rows) => rows.length === count && rows.every((m) => m.status === 'sent' || m.status === 'failed'));
}

/** Runs the campaign-steps job with `now` as its clock, to its end. */
async function runSteps(now: Date) {
  const id = randomUUID();
  await worker.jobs.send(QUEUES.campaignSteps, [{ data: { now: now.toISOString() }, id }]);
  const [job] = await until(() => worker.boss.findJobs(QUEUES.campaignSteps, { id }), ([found]) => found?.state === 'completed' || found?.state === 'failed');
  expect(job.state).toBe('completed');
}

/** The send window opens for the step's `count` messages: those queued may go now, and their delivery is queued. */
async function windowOpens(campaignId: number, step: number, count: number) {
  await until(() => stepOf(campaignId, step), (rows) => rows.length === count);
  const { rows } = await app.pools.owner.query<{ id: number }>(
    `update public.messages set send_after = now() where campaign_id = $1 and campaign_step = $2 and status = 'queued' returning id::int`,
    [campaignId, step]);
  await worker.jobs.send(QUEUES.mailSend, rows.map((row) => mailJob(row.id, 0, 'window-opened')));
}

/** Step 1 was sent at `at` (a fixed day for weekday rules). */
async function firstSentAt(campaignId: number, at: string) {
  await app.pools.owner.query(`update public.messages set sent_at = $2 where campaign_id = $1 and campaign_step = 1 and status = 'sent'`, [campaignId, at]);
}

const recipients = async (campaignId: number) => {
  const page = await recruiter.get(`/api/campaigns/${campaignId}/recipients`);
  expect(page.status, page.text).toBe(200);
  return new Map<number, { status: string; currentStep: number; exitReason: string | null; exitedAt: string | null }>(
    page.json.recipients.map((r: { candidate: { id: number } }) => [r.candidate.id, r]));
};

describe('follow-ups', () => {
  it('go out after their delay, once, threaded under the first email, and the campaign ends after the last step', async () => {
    const people = await Promise.all([person(), person()]);
    const pool = await newPool(recruiter, people.map((p) => p.id));
    const id = await launch(pool.id);
    const first = await stepDelivered(id, 1, 2);
    expect(first.every((m) => m.status === 'sent')).toBe(true);
    expect((await recruiter.get(`/api/campaigns/${id}`)).json.status).toBe('sending'); // the sequence still runs

    await runSteps(new Date(Date.now() + DAY));
    expect(await stepOf(id, 2)).toEqual([]);

    await runSteps(new Date(Date.now() + 2 * DAY + LONGEST_DAY_SLACK + 60_000));
    await runSteps(new Date(Date.now() + 2 * DAY + LONGEST_DAY_SLACK + 120_000)); // a second run writes nothing more
    const second = await stepDelivered(id, 2, 2);
    for (const message of second) {
      const previous = first.find((m) => m.candidateId === message.candidateId)!;
      expect(message).toMatchObject({ status: 'sent', subject: `Re: ${previous.subject}`, threadId: previous.id, originalId: previous.id });
    }
    const done = await until(() => recruiter.get(`/api/campaigns/${id}`), (r) => r.json.status === 'sent');
    expect(done.json.steps).toMatchObject([
      { position: 1, delayDays: 0, counts: { sent: 2, waiting: 0, failed: 0, exited: 0 } },
      { position: 2, delayDays: 2, businessDaysOnly: false, subject: 'Re: A role for you, {{firstName}}', counts: { sent: 2, waiting: 0, exited: 0 } },
    ]);
    expect([...(await recipients(id)).values()].map((r) => r.currentStep)).toEqual([2, 2]);
    // The follow-up answers the first email: In-Reply-To names it.
    const mail = await app.pools.owner.query<{ inReplyTo: string; firstId: string }>(
      `select o.headers->>'In-Reply-To' as "inReplyTo", f.provider_message_id as "firstId"
         from public.mail_outbox o join public.messages f on f.id = $2 where o.message_id = $1`, [second[0].id, second[0].originalId]);
    expect(mail.rows[0].inReplyTo).toBe(mail.rows[0].firstId);
  });

  it('count business days in the candidate\'s zone when asked: Friday + 1 business day is Monday', async () => {
    const [calendarPerson, businessPerson] = await Promise.all([person({ location: 'Amsterdam' }), person({ location: 'Amsterdam' })]);
    const calendar = await launch((await newPool(recruiter, [calendarPerson.id])).id, { steps: [{ delayDays: 1, content: 'Any news?' }] });
    const business = await launch((await newPool(recruiter, [businessPerson.id])).id,
      { steps: [{ delayDays: 1, businessDaysOnly: true, content: 'Any news?' }] });
    await stepDelivered(calendar, 1, 1);
    await stepDelivered(business, 1, 1);
    await firstSentAt(calendar, winterDay(1, '10:00').toISOString()); // Friday 11:00 in Amsterdam
    await firstSentAt(business, winterDay(1, '10:00').toISOString());

    await runSteps(winterDay(2, '10:30')); // Saturday
    expect(await stepOf(calendar, 2)).toHaveLength(1);
    expect(await stepOf(business, 2)).toEqual([]);
    await runSteps(winterDay(4, '09:59')); // Monday, a minute early
    expect(await stepOf(business, 2)).toEqual([]);
    await runSteps(winterDay(4, '10:00'));
    expect(await stepOf(business, 2)).toHaveLength(1);
    expect((await recruiter.get(`/api/campaigns/${business}`)).json.steps[1]).toMatchObject({ delayDays: 1, businessDaysOnly: true });
  });
});

describe('exits', () => {
  it('a reply, a booking, an unsubscribe, withdrawn consent, a hard bounce, leaving the pool and removal by hand stop the sequence', async () => {
    const names = ['replied', 'booked', 'unsubscribed', 'consent', 'bounced', 'removed', 'manual', 'softBounce', 'stays'] as const;
    const people = Object.fromEntries(await Promise.all(names.map(async (name) => [name, await person()] as const)));
    const pool = await newPool(recruiter, Object.values(people).map((p) => p.id));
    const id = await launch(pool.id);
    const first = await stepDelivered(id, 1, names.length);
    const firstOf = (name: typeof names[number]) => first.find((m) => m.candidateId === people[name].id)!;

    // A reply as the candidate, through the dev outbox (the inbound path writes the 'reply' event).
    const outbox = await recruiter.get('/api/outbox');
    const email = outbox.json.emails.find((e: { messageId: number }) => e.messageId === firstOf('replied').id);
    expect((await recruiter.post(`/api/outbox/${email.id}/reply`, { content: 'Not now, thanks.' })).status).toBe(201);
    // What the booking page and the bounce handling write.
    await app.pools.owner.query(`insert into public.engagement_events (candidate_id, kind, metadata) values ($1, 'meeting_booked', '{}')`, [people.booked.id]);
    await app.pools.owner.query(
      `insert into public.engagement_events (candidate_id, message_id, campaign_id, kind, metadata) values
         ($1, $2, $5, 'bounce', '{"type":"hard"}'), ($3, $4, $5, 'bounce', '{"type":"soft"}')`,
      [people.bounced.id, firstOf('bounced').id, people.softBounce.id, firstOf('softBounce').id, id]);
    expect(await unsubscribe(app.pools.app, firstOf('unsubscribed').replyToken)).toMatchObject({ status: 'unsubscribed' });
    expect((await recruiter.patch(`/api/candidates/${people.consent.id}`, { allowsEmail: false })).status).toBe(200);
    expect((await recruiter.post(`/api/talent-pools/${pool.id}/members/remove`, { candidateIds: [people.removed.id] })).status).toBe(200);
    const removed = await recruiter.post(`/api/campaigns/${id}/recipients/${people.manual.id}/remove`);
    expect(removed.status, removed.text).toBe(200);
    expect(removed.json.recipient).toMatchObject({ candidate: { id: people.manual.id }, exitReason: 'manual', exitedAt: expect.any(String) });
    const again = await recruiter.post(`/api/campaigns/${id}/recipients/${people.manual.id}/remove`);
    expect([again.status, again.json.field]).toEqual([409, 'candidateId']);

    const exits = await until(() => recipients(id), (r) => r.get(people.replied.id)?.exitReason === 'replied');
    const reasonOf = (name: typeof names[number]) => exits.get(people[name].id)?.exitReason;
    expect(Object.fromEntries(names.map((name) => [name, reasonOf(name)]))).toEqual({
      replied: 'replied', booked: 'booked', unsubscribed: 'unsubscribed', consent: 'consent_withdrawn', bounced: 'bounced',
      removed: 'removed', manual: 'manual', softBounce: null, stays: null,
    });
    expect(exits.get(people.booked.id)).toMatchObject({ status: 'sent', currentStep: 1, exitedAt: expect.any(String) });

    await runSteps(new Date(Date.now() + 3 * DAY));
    const second = await stepDelivered(id, 2, 2);
    expect(second.map((m) => m.candidateId).sort()).toEqual([people.softBounce.id, people.stays.id].sort());
    const detail = await until(() => recruiter.get(`/api/campaigns/${id}`), (r) => r.json.status === 'sent');
    expect(detail.json.steps.map((s: { counts: object }) => s.counts)).toEqual([
      { waiting: 0, sent: 9, failed: 0, exited: 0 }, { waiting: 0, sent: 2, failed: 0, exited: 7 },
    ]);
  });

  it('stop a follow-up already queued for its send window, and a recipient who never was one is a 404', async () => {
    const people = await Promise.all([person(), person()]);
    const id = await launch((await newPool(recruiter, people.map((p) => p.id))).id,
      { sendWindow: { start: '09:00', end: '11:00', weekdaysOnly: true, candidateTimeZone: false } });
    await windowOpens(id, 1, 2);
    await stepDelivered(id, 1, 2);
    await firstSentAt(id, winterDay(0, '15:00').toISOString());
    await runSteps(winterDay(2, '16:00')); // Saturday: step 2 waits for Monday's window
    expect((await stepOf(id, 2)).map((m) => m.status)).toEqual(['queued', 'queued']);

    await app.pools.owner.query(`insert into public.engagement_events (candidate_id, kind, metadata) values ($1, 'reply', '{}')`, [people[0].id]);
    const second = await stepOf(id, 2);
    expect(second.find((m) => m.candidateId === people[0].id)).toMatchObject({ status: 'failed', error: 'Not sent: the candidate left the sequence (replied)' });
    expect(second.find((m) => m.candidateId === people[1].id)).toMatchObject({ status: 'queued' });

    const stranger = await person();
    const notRecipient = await recruiter.post(`/api/campaigns/${id}/recipients/${stranger.id}/remove`);
    expect([notRecipient.status, notRecipient.json.field]).toEqual([404, 'candidateId']);
  });
});

describe('joining late', () => {
  it('a candidate added to the pool while the sequence runs starts at step 1 when the campaign allows it', async () => {
    const pool = await newPool(recruiter, [(await person()).id]);
    const joining = await launch(pool.id, { joinLate: true });
    const closed = await launch(pool.id);
    await stepDelivered(joining, 1, 1);
    await stepDelivered(closed, 1, 1);
    const late = await person();
    expect((await recruiter.post(`/api/talent-pools/${pool.id}/members`, { candidateIds: [late.id] })).status).toBe(200);

    await runSteps(new Date());
    const first = await stepDelivered(joining, 1, 2);
    expect(first.find((m) => m.candidateId === late.id)).toMatchObject({ status: 'sent', subject: expect.stringMatching(/^A role for you, Noor$/) });
    expect((await recipients(joining)).get(late.id)).toMatchObject({ status: 'sent', currentStep: 1, exitReason: null });
    expect((await stepOf(closed, 1)).map((m) => m.candidateId)).not.toContain(late.id);
    expect((await recruiter.get(`/api/campaigns/${joining}`)).json.joinLate).toBe(true);
  });
});

describe('send windows', () => {
  it('time each step in the candidate\'s zone (inferred from the location), else the organisation\'s', async () => {
    const [amsterdam, newYork, remote] = await Promise.all([
      person({ location: 'Amsterdam' }), person({ location: 'New York, NY' }), person({ location: 'Remote' })]);
    const zones = await app.pools.owner.query<{ id: number; zone: string | null }>(
      'select id::int, time_zone as zone from public.candidates where id = any($1)', [[amsterdam.id, newYork.id, remote.id]]);
    expect(new Map(zones.rows.map((r) => [r.id, r.zone]))).toEqual(new Map([
      [amsterdam.id, 'Europe/Amsterdam'], [newYork.id, 'America/New_York'], [remote.id, null]]));
    // The candidate's detail says which zone their mail is timed in, and where it comes from.
    expect((await recruiter.get(`/api/candidates/${newYork.id}`)).json.timeZone).toEqual({ zone: 'America/New_York', fromLocation: true, source: 'location' });
    expect((await recruiter.get(`/api/candidates/${remote.id}`)).json.timeZone)
      .toEqual({ zone: (await asService(app.pools.app, organisationSettings)).timeZone, fromLocation: false, source: 'organisation' });

    const window = { start: '09:00', end: '11:00', weekdaysOnly: true, candidateTimeZone: true };
    const id = await launch((await newPool(recruiter, [amsterdam.id, newYork.id, remote.id])).id,
      { sendWindow: window, steps: [{ delayDays: 1, content: 'Any news?' }] });
    const organisation = (await asService(app.pools.app, organisationSettings)).timeZone;
    const zoneOf = (candidateId: number) => ({ [amsterdam.id]: 'Europe/Amsterdam', [newYork.id]: 'America/New_York' })[candidateId] ?? organisation;

    // Step 1: queued at the next window moment after the launch, each in their own zone.
    const { json: started } = await until(() => recruiter.get(`/api/campaigns/${id}`), (r) => r.json.startedAt !== null);
    expect(started.sendWindow).toMatchObject(window);
    const first = await until(() => stepOf(id, 1), (rows) => rows.length === 3);
    for (const message of first) {
      const expected = nextInWindow(new Date(started.startedAt), window, zoneOf(message.candidateId));
      expect(Math.abs(message.sendAfter!.getTime() - expected.getTime())).toBeLessThan(5_000);
    }

    // Step 2: due Friday 16:00Z (a day after step 1); Friday's window is over everywhere, so Monday 09:00 local.
    await windowOpens(id, 1, 3);
    await stepDelivered(id, 1, 3);
    await firstSentAt(id, winterDay(0, '16:00').toISOString());
    await runSteps(winterDay(1, '16:00'));
    const second = new Map((await stepOf(id, 2)).map((m) => [m.candidateId, m.sendAfter!.toISOString()]));
    expect(second).toEqual(new Map([
      [amsterdam.id, winterDay(4, '08:00').toISOString()],
      [newYork.id, winterDay(4, '14:00').toISOString()],
      [remote.id, nextInWindow(winterDay(1, '16:00'), window, organisation).toISOString()],
    ]));
  });
});

describe('the database and the schemas agree', () => {
  it('on the exit reasons, the delays and the number of follow-ups', async () => {
    const { rows } = await app.pools.owner.query<{ name: string; def: string }>(
      `select conname as name, pg_get_constraintdef(oid) as def from pg_constraint
        where conrelid in ('public.campaign_recipients'::regclass, 'public.campaign_steps'::regclass) and contype = 'c'`);
    const def = (pattern: RegExp) => rows.find((row) => pattern.test(row.def))?.def ?? '';
    expect([...def(/exit_reason = ANY/).matchAll(/'(\w+)'::text/g)].map((m) => m[1]).sort()).toEqual([...EXIT_REASONS].sort());
    expect(def(/delay_days >=/)).toContain(`delay_days >= ${MIN_DELAY_DAYS}) AND (delay_days <= ${MAX_DELAY_DAYS}`);
    expect(def(/position" >=/)).toContain(`position" >= 2) AND ("position" <= ${MAX_FOLLOW_UPS + 1}`);
  });

  it('on where a location is: one zone for an unambiguous place, none otherwise', async () => {
    const places = ['Utrecht, Netherlands', 'Den Haag', 'Gent', 'Düsseldorf', 'Kraków', 'London, UK', 'Seattle, WA', 'Portland', 'Remote', 'USA', '', null];
    const { rows } = await app.pools.owner.query<{ zone: string | null }>(
      'select public.location_time_zone(place) as zone from unnest($1::text[]) with ordinality as t(place, n) order by n', [places]);
    expect(rows.map((row) => row.zone)).toEqual([
      'Europe/Amsterdam', 'Europe/Amsterdam', 'Europe/Brussels', 'Europe/Berlin', 'Europe/Warsaw', 'Europe/London', 'America/Los_Angeles',
      null, null, null, null, null]);
  });
});

describe('pause and cancel', () => {
  it('no follow-up is written while a campaign is paused, and a cancelled one stops its queued follow-ups', async () => {
    const paused = await launch((await newPool(recruiter, [(await person()).id])).id);
    await stepDelivered(paused, 1, 1);
    expect((await recruiter.post(`/api/campaigns/${paused}/pause`)).status).toBe(200);
    await runSteps(new Date(Date.now() + 3 * DAY));
    expect(await stepOf(paused, 2)).toEqual([]);
    expect((await recruiter.post(`/api/campaigns/${paused}/resume`)).status).toBe(200);
    await runSteps(new Date(Date.now() + 3 * DAY));
    await stepDelivered(paused, 2, 1);

    const cancelled = await launch((await newPool(recruiter, [(await person()).id, (await person()).id])).id,
      { sendWindow: { start: '09:00', end: '11:00', weekdaysOnly: true, candidateTimeZone: false } });
    await windowOpens(cancelled, 1, 2);
    await stepDelivered(cancelled, 1, 2);
    await firstSentAt(cancelled, winterDay(0, '15:00').toISOString());
    await runSteps(winterDay(2, '16:00'));
    expect((await stepOf(cancelled, 2)).map((m) => m.status)).toEqual(['queued', 'queued']);
    expect((await recruiter.post(`/api/campaigns/${cancelled}/cancel`)).status).toBe(200);
    await windowOpens(cancelled, 2, 2); // even when their moment comes, nothing is sent
    await runSteps(winterDay(11, '10:00'));
    const after = await stepOf(cancelled, 2);
    expect(after.map((m) => [m.status, m.error])).toEqual([
      ['failed', 'Not sent: the campaign was cancelled'], ['failed', 'Not sent: the campaign was cancelled']]);
    expect((await stepOf(cancelled, 3))).toEqual([]);
  });
});

describe('bad input', () => {
  const pool = () => newPool(recruiter, []);
  const refused = async (extra: Record<string, unknown>) => {
    const answer = await recruiter.post('/api/campaigns', {
      name: 'Bad sequence', campaignType: 'nurture', talentPoolId: (await pool()).id, emailSubject: 'Hi', emailContent: 'Hello', ...extra,
    });
    return [answer.status, answer.json?.field];
  };

  it('is refused with a 400 naming the field', async () => {
    expect(await refused({ steps: [{ delayDays: 0, content: 'x' }] })).toEqual([400, 'steps.0.delayDays']);
    expect(await refused({ steps: [{ delayDays: 3, content: 'x' }, { delayDays: 400, content: 'y' }] })).toEqual([400, 'steps.1.delayDays']);
    expect(await refused({ steps: [{ delayDays: 3 }] })).toEqual([400, 'steps.0.content']);
    expect(await refused({ steps: [{ delayDays: 3, content: '   ' }] })).toEqual([400, 'steps.0.content']);
    const window = { start: '09:00', end: '11:00', weekdaysOnly: true, candidateTimeZone: true };
    expect(await refused({ sendWindow: { ...window, end: '08:30' } })).toEqual([400, 'sendWindow.end']);
    expect(await refused({ sendWindow: { ...window, timeZone: 'Europe/Atlantis' } })).toEqual([400, 'sendWindow.timeZone']);
    expect(await refused({ joinLate: 'yes' })).toEqual([400, 'joinLate']);
    const placeholder = await refused({ steps: [{ delayDays: 3, content: 'See you at {{eventName}}' }] });
    expect(placeholder[1]).toBe('steps.0.content');
    expect(placeholder[0]).toBeGreaterThanOrEqual(400);
    expect(placeholder[0]).toBeLessThan(500);
  });

  it('a follow-up without a subject answers the previous step\'s subject', async () => {
    const created = await recruiter.post('/api/campaigns', {
      name: `Subjects ${uniqueTag()}`, campaignType: 'nurture', talentPoolId: (await pool()).id, emailSubject: 'Coffee?', emailContent: 'Hi',
      scheduledAt: new Date(Date.now() + DAY).toISOString(),
      steps: [{ delayDays: 3, content: 'Any news?' }, { delayDays: 4, subject: 'One last try', content: 'Last one.' }, { delayDays: 5, content: 'Really.' }],
    });
    expect(created.status, created.text).toBe(201);
    expect(created.json.campaign.steps.map((s: { subject: string; delayDays: number }) => [s.subject, s.delayDays])).toEqual([
      ['Coffee?', 0], ['Re: Coffee?', 3], ['One last try', 4], ['Re: One last try', 5]]);
    expect(created.json.campaign).toMatchObject({ joinLate: false, sendWindow: null });
  });

  it('a subject made by "Re: " is held to the limit of a typed one (the wizard\'s rule): refused on the follow-up\'s field', async () => {
    const long = 'x'.repeat(298);
    // Before, the API stored the 302-character "Re: xxx…" that the wizard refused as "Email subject is too long".
    expect(await refused({ emailSubject: long, steps: [{ delayDays: 3, content: 'Any news?' }] })).toEqual([400, 'steps.0.subject']);
    expect(await refused({ emailSubject: long, steps: [{ delayDays: 3, subject: `Re: ${long}`, content: 'Any news?' }] })).toEqual([400, 'steps.0.subject']);
    const later = new Date(Date.now() + DAY).toISOString();
    expect(await refused({ emailSubject: long, scheduledAt: later, steps: [{ delayDays: 3, subject: 'Short', content: 'x' }, { delayDays: 3, content: 'y' }] }))
      .toEqual([201, undefined]);
  });
});
