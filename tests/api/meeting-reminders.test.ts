// The candidate's meeting reminders on the real database, sent by the real job code through the real SMTP
// adapter into an in-process SMTP server, and by WhatsApp through the fake Cloud API: booking schedules
// them (24 h and 1 h before), the worker sends a due one once however many workers race for it, a move
// schedules them again, a cancellation cancels them, a meeting that started is never reminded of; a
// WhatsApp reminder goes only with consent and a template. And after a no-show, the new booking link in
// one click (POST /api/meetings/{id}/rebook). Reminders are made due by writing their moment, never by waiting.
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/harness.ts';
import { NO_AI } from '../support/fake-openai.ts';
import { smtpConfig, startSmtpSink, type SmtpSink } from '../support/smtp-sink.ts';
import { CONSENT, newCandidate } from '../support/test-data.ts';
import { newBookableRecruiter, newLink, roundTheClock, slotsOf, type BookableRecruiter } from '../support/meeting-data.ts';
import { setEnv, startFakeWhatsApp, whatsappCandidate, type FakeWhatsApp } from '../support/fake-whatsapp.ts';
import { testBoss } from '../support/test-boss.ts';
import { until } from '../support/until.ts';
import { createSmtpMail } from '#platform/mail/smtp.server.ts';
import type { MailPort } from '#platform/mail/port.server.ts';
import { QUEUES, type JobQueue, type JobRequest } from '#platform/runtime/jobs.server.ts';
import { startHeartbeat, type Heartbeat } from '#platform/runtime/workers.server.ts';
import { createWhatsAppPort } from '#domain/whatsapp/cloud-api.server.ts';
import { meetingListSchema, rebookAnswerSchema, type Meeting } from '#domain/meetings/meeting-schemas.ts';
import { messageSchema } from '#domain/messages/schemas.ts';
import type { JobDeps } from '#worker/jobs/deps.ts';
import { MEETING_REMINDERS_CRON, registerMeetingReminderJobs, runMeetingReminders } from '#worker/jobs/meeting-reminders.ts';

let app: TestApp;
let sink: SmtpSink;
let fake: FakeWhatsApp;
let restoreEnv: () => void;
const heartbeats: Heartbeat[] = [];
const ports: MailPort[] = [];
/** Two worker processes on one database: each its own heartbeat, mail port and WhatsApp adapter. */
let workerA: JobDeps;
let workerB: JobDeps;
let recruiter: BookableRecruiter;
const queued: Array<{ queue: string; job: JobRequest }> = [];
// The job queue is a port: this one records what the API hands the worker.
const jobs: JobQueue = { send: (queue, requests) => { queued.push(...requests.map((job) => ({ queue, job }))); return Promise.resolve(); } };

/** WhatsApp configured, with the reminder template `talentloop_reminder` (4 values) approved and named for reminders. */
const REMINDER_TEMPLATE = { WHATSAPP_TEMPLATES: 'talentloop_intro:en:1,talentloop_reminder:nl:4,talentloop_reminder:en:4', WHATSAPP_REMINDER_TEMPLATE: 'talentloop_reminder' };

async function worker(): Promise<JobDeps> {
  const heartbeat = await startHeartbeat(app.pools.app, () => undefined);
  heartbeats.push(heartbeat);
  const mail = createSmtpMail(sink.url);
  ports.push(mail);
  return { pools: app.pools, config: app.config, mail, whatsapp: createWhatsAppPort(), jobs, worker: heartbeat.identity, log: () => undefined };
}

beforeAll(async () => {
  sink = await startSmtpSink();
  fake = await startFakeWhatsApp();
  restoreEnv = setEnv(fake.env(REMINDER_TEMPLATE));
  app = await startTestApp({ config: { openai: NO_AI, ...smtpConfig(sink) }, jobs });
  workerA = await worker();
  workerB = await worker();
  recruiter = await newBookableRecruiter(app, roundTheClock('Europe/Amsterdam'), '10.29.0.1');
  await app.pools.owner.query(`update public.profiles set display_name = 'Rita Jansen' where id = $1`, [recruiter.user.id]);
});
afterAll(async () => {
  restoreEnv?.();
  for (const port of ports) await port.close();
  for (const heartbeat of heartbeats) await heartbeat.stop();
  await app?.close();
  await sink?.close();
  await fake?.close();
});

const candidatePage = () => app.client({ ip: '10.29.0.2' });

let bookings = 0;
/** Books a free time more than 26 hours from now (each booking its own hour), from the candidate's page in Kolkata. */
async function book(token: string): Promise<string> {
  const page = candidatePage();
  const from = Date.now() + (26 + bookings++) * 3600_000;
  const { slots } = await slotsOf(page, token);
  const slot = slots.find((s) => Date.parse(s.start) >= from)!;
  if (!slot) throw new Error(`no slot after ${new Date(from).toISOString()}: ${slots.length} slots, ${slots[0]?.start} … ${slots.at(-1)?.start}`);
  const booked = await page.post(`/api/public/booking/${token}`, { start: slot.start, name: 'Typed Name', email: 'typed@example.org', timeZone: 'Asia/Kolkata' });
  expect(booked.status, booked.text).toBe(201);
  return slot.start;
}

async function meetingOf(candidateId: number): Promise<Meeting> {
  const list = await recruiter.client.get(`/api/meetings?candidateId=${candidateId}&recruiter=all`);
  expect(list.status, list.text).toBe(200);
  const [meeting] = meetingListSchema.parse(list.json).meetings;
  return meeting;
}

const reminderOf = async (candidateId: number, minutesBefore: number, channel = 'email') =>
  (await meetingOf(candidateId)).reminders.find((r) => r.minutesBefore === minutesBefore && r.channel === channel)!;

/** What a worker finds when the reminder's moment has come: written as the service would, no waiting. */
async function makeDue(meetingId: number, minutesBefore: number, channel = 'email'): Promise<number> {
  const { rows: [row] } = await app.pools.owner.query<{ id: number }>(
    `update public.meeting_reminders set due_at = now() - interval '1 second'
      where meeting_id = $1 and minutes_before = $2 and channel = $3 and state = 'scheduled' returning id::int`, [meetingId, minutesBefore, channel]);
  expect(row, `a scheduled ${minutesBefore}-minute ${channel} reminder of meeting ${meetingId}`).toBeDefined();
  return row.id;
}

const row = async (id: number) => (await app.pools.owner.query<{ state: string; attempts: number; error: string | null; error_code: string | null }>(
  'select state, attempts, error, error_code from public.meeting_reminders where id = $1', [id])).rows[0];

async function mailsOf(reminderId: number): Promise<ParsedMail[]> {
  const raw = sink.received.filter((r) => r.raw.toString().includes(`X-Talentloop-Meeting-Reminder: ${reminderId}\r\n`));
  return Promise.all(raw.map((r) => simpleParser(r.raw)));
}

const outcomesFor = (id: number, runs: Array<Awaited<ReturnType<typeof runMeetingReminders>>>) => runs.flat().filter((o) => o.id === id);

describe('reminders follow their meeting', () => {
  it('booking schedules the type\'s reminders: 24 hours and 1 hour before, by email', async () => {
    const link = await newLink(recruiter);
    const start = await book(link.token);
    const meeting = await meetingOf(link.candidate.id);
    expect(meeting.reminders).toEqual([
      expect.objectContaining({ minutesBefore: 1440, channel: 'email', state: 'scheduled', dueAt: new Date(Date.parse(start) - 1440 * 60_000).toISOString(), sentAt: null }),
      expect.objectContaining({ minutesBefore: 60, channel: 'email', state: 'scheduled', dueAt: new Date(Date.parse(start) - 60 * 60_000).toISOString(), sentAt: null }),
    ]);
  });

  it('moving the meeting schedules them again for the new time, a sent one too; cancelling cancels them', async () => {
    const link = await newLink(recruiter);
    await book(link.token);
    const { id } = await meetingOf(link.candidate.id);
    const sentId = await makeDue(id, 60);
    await runMeetingReminders(workerA);
    expect((await reminderOf(link.candidate.id, 60)).state).toBe('sent');

    const after = Date.now() + (26 + bookings++) * 3600_000;
    const later = (await recruiter.client.get(`/api/meetings/${id}/slots`)).json.slots
      .find((slot: { start: string }) => Date.parse(slot.start) >= after).start as string;
    const moved = await recruiter.client.post(`/api/meetings/${id}/reschedule`, { start: later });
    expect(moved.status, moved.text).toBe(200);
    expect((await meetingOf(link.candidate.id)).reminders).toEqual([
      expect.objectContaining({ minutesBefore: 1440, state: 'scheduled', dueAt: new Date(Date.parse(later) - 1440 * 60_000).toISOString() }),
      expect.objectContaining({ minutesBefore: 60, state: 'scheduled', dueAt: new Date(Date.parse(later) - 60 * 60_000).toISOString(), sentAt: null, error: null }),
    ]);
    // The reminder of the new time is a mail of its own.
    await makeDue(id, 60);
    await runMeetingReminders(workerA);
    expect(await mailsOf(sentId)).toHaveLength(2);
    expect(new Set((await mailsOf(sentId)).map((mail) => mail.messageId)).size).toBe(2);

    expect((await recruiter.client.post(`/api/meetings/${id}/cancel`, { reason: 'Role filled' })).status).toBe(200);
    expect((await meetingOf(link.candidate.id)).reminders.map((r) => [r.minutesBefore, r.state])).toEqual([[1440, 'cancelled'], [60, 'sent']]);
  });
});

describe('the worker sends a due reminder once', () => {
  it('by email as the meeting emails go: the candidate\'s time, where, the links to move or cancel it; two workers racing send it once', async () => {
    const link = await newLink(recruiter, { name: 'Anna de Vries' });
    await book(link.token);
    const { id } = await meetingOf(link.candidate.id);
    const reminderId = await makeDue(id, 60);

    const runs = await Promise.all([runMeetingReminders(workerA), runMeetingReminders(workerB), runMeetingReminders(workerA)]);
    expect(outcomesFor(reminderId, runs)).toEqual([{ id: reminderId, state: 'sent' }]);
    expect(await row(reminderId)).toMatchObject({ state: 'sent', attempts: 1, error: null });
    // Later runs find nothing left to send.
    expect(outcomesFor(reminderId, [await runMeetingReminders(workerB)])).toEqual([]);

    const mails = await mailsOf(reminderId);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.to).toMatchObject({ value: [{ name: 'Anna de Vries', address: link.candidate.email }] });
    expect(mail.from?.value[0]).toEqual({ name: 'Rita Jansen', address: 'recruiting@talentloop.test' });
    expect(mail.replyTo?.value[0].address).toBe(`${recruiter.user.username}@example.com`);
    expect(mail.subject).toMatch(/^Reminder: Intro call, \w+ \d{1,2} \w+ \d{4} at \d\d:\d\d (IST|GMT\+5:30|UTC\+05:30)$/);
    // Transactional, as the meeting emails: no unsubscribe header, no invitation.
    expect(mail.headers.has('list-unsubscribe')).toBe(false);
    expect(mail.attachments).toEqual([]);
    const text = mail.text!;
    expect(text).toMatch(/^Hi Anna,$/m);
    expect(text).toContain('A reminder of your meeting with Rita Jansen.');
    expect(text).toContain('Intro call (30 minutes)');
    expect(text).toMatch(/^When \(your time\): .+$/m);
    expect(text).toContain('Your time zone: Asia/Kolkata');
    expect(text).toContain("Rita's time zone: Europe/Amsterdam");
    expect(text).toContain('Where: Microsoft Teams. Rita will send you the link to join.');
    expect(text).toContain(`Need another time? Reschedule: ${link.url}/reschedule`);
    expect(text).toContain(`Cannot make it? Cancel: ${link.url}/cancel`);
    expect((await reminderOf(link.candidate.id, 60)).sentAt).not.toBeNull();
    // Its footer opens the candidate's privacy page, as every email's does.
    const privacyUrl = /^Your data: (\S+)$/m.exec(text)?.[1];
    expect(privacyUrl).toMatch(/\/privacy\/[0-9a-f]{24}$/);
    const page = await app.client({ ip: '10.29.0.9' }).get(`/api/public/privacy/${privacyUrl!.split('/').pop()}`);
    expect(page.status, page.text).toBe(200);
    expect(page.json).toMatchObject({ details: { name: 'Anna de Vries' } });
  });

  it('a reminder left sending by a worker that died is sent by another; one that was on its last try fails', async () => {
    const link = await newLink(recruiter);
    await book(link.token);
    const { id } = await meetingOf(link.candidate.id);
    const abandoned = await makeDue(id, 60);
    const lastTry = await makeDue(id, 1440);
    await app.pools.owner.query(`update public.meeting_reminders set state = 'sending', attempts = 1, claimed_at = now() - interval '6 minutes' where id = $1`, [abandoned]);
    await app.pools.owner.query(`update public.meeting_reminders set state = 'sending', attempts = 3, claimed_at = now() - interval '6 minutes' where id = $1`, [lastTry]);

    expect(outcomesFor(abandoned, [await runMeetingReminders(workerB)])).toEqual([{ id: abandoned, state: 'sent' }]);
    expect(await row(abandoned)).toMatchObject({ state: 'sent', attempts: 2 });
    expect(await mailsOf(abandoned)).toHaveLength(1);
    expect(await reminderOf(link.candidate.id, 1440)).toMatchObject({
      state: 'failed', error: 'The worker lost contact with the database before sending', errorCode: 'delivery.worker_lost_contact',
    });
    expect(await mailsOf(lastTry)).toEqual([]);
  });

  it('a temporary failure is tried again a minute later, and given up after three tries; a permanent one fails at once', async () => {
    const link = await newLink(recruiter);
    await book(link.token);
    const { id } = await meetingOf(link.candidate.id);
    const reminderId = await makeDue(id, 60);
    sink.refuse(link.candidate.email!, 451, 3);

    await runMeetingReminders(workerA);
    expect(await reminderOf(link.candidate.id, 60)).toMatchObject({ state: 'scheduled', errorCode: 'delivery.provider_failed', error: expect.stringMatching(/^SMTP 451/) });
    // Not again within the minute.
    expect(outcomesFor(reminderId, [await runMeetingReminders(workerA)])).toEqual([]);
    for (const tries of [2, 3]) {
      await app.pools.owner.query(`update public.meeting_reminders set claimed_at = claimed_at - interval '5 minutes' where id = $1`, [reminderId]);
      await runMeetingReminders(workerB);
      expect((await row(reminderId)).attempts).toBe(tries);
    }
    expect(await reminderOf(link.candidate.id, 60)).toMatchObject({
      state: 'failed', errorCode: 'reminder.gave_up', errorParams: { attempts: 3, detail: expect.stringMatching(/^SMTP 451/) },
      error: expect.stringMatching(/^SMTP 451.* \(gave up after 3 attempts\)$/),
    });
    expect(await mailsOf(reminderId)).toEqual([]);

    const permanent = await makeDue(id, 1440);
    sink.refuse(link.candidate.email!, 550, 1);
    await runMeetingReminders(workerA);
    expect(await row(permanent)).toMatchObject({ state: 'failed', attempts: 1, error_code: 'delivery.provider_failed' });
  });

  it('never reminds of a meeting that has started (a worker that was down finds it late): cancelled, with the reason', async () => {
    const link = await newLink(recruiter);
    await book(link.token);
    const { id } = await meetingOf(link.candidate.id);
    // The meeting began a minute ago while its reminder still waited.
    await app.pools.owner.query(
      `update public.meetings set starts_at = now() - interval '1 minute', ends_at = now() + interval '29 minutes' where id = $1`, [id]);
    const { rows: [late] } = await app.pools.owner.query<{ id: number }>(
      `update public.meeting_reminders set state = 'scheduled' where meeting_id = $1 and minutes_before = 60 returning id::int`, [id]);
    await runMeetingReminders(workerA);
    expect(await reminderOf(link.candidate.id, 60)).toMatchObject({
      state: 'cancelled', error: 'Not sent: the meeting had already started', errorCode: 'reminder.meeting_started',
    });
    expect(await mailsOf(late.id)).toEqual([]);
  });

  it('a candidate without an address: skipped, saying why', async () => {
    const link = await newLink(recruiter, CONSENT.noAddress);
    await book(link.token);
    const { id } = await meetingOf(link.candidate.id);
    const reminderId = await makeDue(id, 60);
    await runMeetingReminders(workerA);
    expect(await reminderOf(link.candidate.id, 60)).toMatchObject({ state: 'skipped', error: 'No email address on file', errorCode: 'blockers.no_email' });
    expect(await mailsOf(reminderId)).toEqual([]);
  });

  it('is the worker\'s job each minute: registered with its schedule, a run sends what is due', async () => {
    const boss = testBoss(app.ownerUrl, { max: 2 });
    await boss.start();
    try {
      await registerMeetingReminderJobs(boss, workerA);
      expect((await boss.getSchedules()).map((s) => [s.name, s.cron])).toContainEqual([QUEUES.meetingReminders, MEETING_REMINDERS_CRON]);
      const link = await newLink(recruiter);
      await book(link.token);
      const reminderId = await makeDue((await meetingOf(link.candidate.id)).id, 60);
      await boss.send(QUEUES.meetingReminders, {});
      expect(await until(() => row(reminderId), (r) => r.state === 'sent')).toMatchObject({ attempts: 1 });
      expect(await mailsOf(reminderId)).toHaveLength(1);
    } finally {
      await boss.stop({ graceful: true, timeout: 5000 });
    }
  });
});

describe('WhatsApp reminders', () => {
  /** A meeting type that reminds by WhatsApp an hour before, and a booked meeting of a candidate (`fields`) on it. */
  async function bookedByWhatsApp(candidate: { id: number }) {
    const link = await recruiter.client.post('/api/booking-links', { candidateId: candidate.id, meetingTypeId: recruiter.meetingType.id });
    expect(link.status, link.text).toBe(201);
    await book(link.json.token);
    const meeting = await meetingOf(candidate.id);
    return { meeting, url: link.json.url as string, reminderId: await makeDue(meeting.id, 60, 'whatsapp') };
  }
  const templateSends = (to: string) => fake.calls.filter((call) => call.method === 'POST' && call.body?.to === to && call.body.type === 'template');

  beforeAll(async () => {
    const changed = await recruiter.client.patch(`/api/meeting-types/${recruiter.meetingType.id}`,
      { reminders: [{ minutesBefore: 1440, channel: 'email' }, { minutesBefore: 60, channel: 'whatsapp' }] });
    expect(changed.status, changed.text).toBe(200);
  });
  afterAll(async () => {
    await recruiter.client.patch(`/api/meeting-types/${recruiter.meetingType.id}`,
      { reminders: [{ minutesBefore: 1440, channel: 'email' }, { minutesBefore: 60, channel: 'email' }] });
  });

  it('sent with the reminder template to a candidate who allows WhatsApp: their name, the time, where, the link', async () => {
    const person = await whatsappCandidate(recruiter.client, { name: 'Sanne Bakker' });
    const { reminderId, url } = await bookedByWhatsApp(person);
    const runs = await Promise.all([runMeetingReminders(workerA), runMeetingReminders(workerB)]);
    expect(outcomesFor(reminderId, runs)).toEqual([{ id: reminderId, state: 'sent' }]);
    expect(await reminderOf(person.id, 60, 'whatsapp')).toMatchObject({ state: 'sent', error: null });
    const sends = templateSends(person.waId);
    expect(sends).toHaveLength(1);
    const template = sends[0].body!.template as { name: string; language: { code: string }; components: Array<{ parameters: Array<{ text: string }> }> };
    expect(template).toMatchObject({ name: 'talentloop_reminder', language: { code: 'en' } });
    const [name, when, where, link] = template.components[0].parameters.map((p) => p.text);
    expect(name).toBe('Sanne');
    expect(when).toMatch(/^\w+ \d{1,2} \w+ \d{4} at \d\d:\d\d /);
    expect(where).toBe('Where: Microsoft Teams. Rita will send you the link to join.');
    expect(link).toBe(url);
  });

  it('skipped when the candidate does not allow WhatsApp, or no reminder template is set, saying why', async () => {
    const noConsent = await whatsappCandidate(recruiter.client, { allowsWhatsapp: false });
    const refused = await bookedByWhatsApp(noConsent);
    await runMeetingReminders(workerA);
    expect(await reminderOf(noConsent.id, 60, 'whatsapp')).toMatchObject({
      state: 'skipped', error: 'Candidate has not consented to WhatsApp', errorCode: 'blockers.no_whatsapp_consent',
    });
    expect(outcomesFor(refused.reminderId, [await runMeetingReminders(workerA)])).toEqual([]);
    expect(templateSends(noConsent.waId)).toEqual([]);

    const allowed = await whatsappCandidate(recruiter.client);
    await bookedByWhatsApp(allowed);
    const restore = setEnv({ WHATSAPP_REMINDER_TEMPLATE: undefined });
    try {
      await runMeetingReminders(workerA);
    } finally {
      restore();
    }
    expect(await reminderOf(allowed.id, 60, 'whatsapp')).toMatchObject({
      state: 'skipped', errorCode: 'reminder.whatsapp_no_template',
      error: 'Not sent: no WhatsApp reminder template is set (WHATSAPP_REMINDER_TEMPLATE)',
    });
    expect(templateSends(allowed.waId)).toEqual([]);

    const unlisted = await whatsappCandidate(recruiter.client);
    await bookedByWhatsApp(unlisted);
    const restoreList = setEnv({ WHATSAPP_TEMPLATES: 'talentloop_intro:en:1' });
    try {
      await runMeetingReminders(workerA);
    } finally {
      restoreList();
    }
    expect(await reminderOf(unlisted.id, 60, 'whatsapp')).toMatchObject({
      state: 'skipped', errorCode: 'reminder.whatsapp_template_not_approved', errorParams: { name: 'talentloop_reminder' },
    });
  });
});

describe('POST /api/meetings/{id}/rebook', () => {
  let past = 0;
  /** A meeting of `candidateId` a few hours ago (each its own hour), marked as the recruiter marks it. */
  async function pastMeeting(candidateId: number | null, status: 'no_show' | 'completed' = 'no_show') {
    const { rows: [meeting] } = await app.pools.owner.query<{ id: number }>(
      `insert into public.meetings (recruiter_id, candidate_id, meeting_type_id, title, starts_at, ends_at, time_zone, candidate_time_zone)
       values ($1, $2, $3, 'Intro call', date_trunc('hour', now()) - make_interval(hours => $4), date_trunc('hour', now()) - make_interval(hours => $4) + interval '30 minutes',
               'Europe/Amsterdam', 'Europe/Amsterdam') returning id::int`, [recruiter.user.id, candidateId, recruiter.meetingType.id, 2 + past++]);
    const marked = await recruiter.client.patch(`/api/meetings/${meeting.id}`, { status });
    expect(marked.status, marked.text).toBe(200);
    return meeting.id;
  }

  it('a no-show: a new link for the meeting\'s type, sent to the candidate in their thread, in one click', async () => {
    const candidate = await newCandidate(recruiter.client, { name: 'Joris Smit' });
    const meetingId = await pastMeeting(candidate.id);
    const answer = await recruiter.client.post(`/api/meetings/${meetingId}/rebook`, {});
    expect(answer.status, answer.text).toBe(201);
    const { bookingLink, messageId } = rebookAnswerSchema.parse(answer.json);
    expect(bookingLink.url).toBe(`${app.config.publicUrl}/book/${bookingLink.token}`);

    // The message, queued for delivery, in the candidate's thread, and the link counts as sent.
    const message = messageSchema.parse((await recruiter.client.get(`/api/messages/${messageId}`)).json);
    expect(message).toMatchObject({ channel: 'email', direction: 'out', status: 'queued', subject: 'A new time for Intro call', candidate: { id: candidate.id } });
    expect(message.content).toMatch(/^Hi Joris,\n\nWe were due to meet for Intro call on .+, but we did not get to talk\.\n\n/);
    expect(message.content).toContain(`Would you like to choose a new time? Book one that suits you here:\n${bookingLink.url}\n\n`);
    expect(message.content).toContain('Rita Jansen');
    expect(queued).toContainEqual({ queue: QUEUES.mailSend, job: expect.objectContaining({ data: { messageId } }) });
    const threads = await recruiter.client.get(`/api/messages?candidateId=${candidate.id}`);
    expect(threads.json.threads.map((t: { threadId: number }) => t.threadId)).toContain(messageId);
    const links = await recruiter.client.get(`/api/candidates/${candidate.id}/booking-links`);
    expect(links.json.bookingLinks[0]).toMatchObject({ id: bookingLink.id, state: 'sent', meetingTypeId: recruiter.meetingType.id });
    // The candidate's page offers the same meeting type with the same recruiter.
    const page = await candidatePage().get(`/api/public/booking/${bookingLink.token}`);
    expect(page.json).toMatchObject({ state: 'open', candidate: { name: 'Joris Smit' }, recruiter: { name: 'Rita Jansen' }, meetingType: { name: 'Intro call' } });
  });

  it('only for a no-show (409), with a candidate (422), who may be emailed (409 with the blocker\'s code)', async () => {
    const candidate = await newCandidate(recruiter.client);
    const completed = await recruiter.client.post(`/api/meetings/${await pastMeeting(candidate.id, 'completed')}/rebook`, {});
    expect(completed).toMatchObject({ status: 409, json: { code: 'meeting_not_no_show', error: 'Only a meeting marked no-show gets a new booking link this way' } });
    const nobody = await recruiter.client.post(`/api/meetings/${await pastMeeting(null)}/rebook`, {});
    expect(nobody).toMatchObject({ status: 422, json: { code: 'meeting_no_candidate' } });
    const withdrawn = await newCandidate(recruiter.client, CONSENT.noEmailConsent);
    const refused = await recruiter.client.post(`/api/meetings/${await pastMeeting(withdrawn.id)}/rebook`, {});
    expect(refused).toMatchObject({ status: 409, json: { code: 'blockers.no_consent', error: 'Candidate has not consented to email' } });
    const noAddress = await newCandidate(recruiter.client, CONSENT.noAddress);
    expect(await recruiter.client.post(`/api/meetings/${await pastMeeting(noAddress.id)}/rebook`, {})).toMatchObject({ status: 409, json: { code: 'blockers.no_email' } });
    // Nothing was made for them.
    for (const id of [withdrawn.id, noAddress.id]) expect((await recruiter.client.get(`/api/candidates/${id}/booking-links`)).json.bookingLinks).toEqual([]);
    expect((await recruiter.client.post('/api/meetings/99999999/rebook', {})).status).toBe(404);
  });
});
