// The candidate's meeting emails on the real database, sent through the real SMTP
// adapter into an in-process SMTP server: the invitation part, the times in both
// zones, the links; the cancellation; no ICS when Outlook invites; one send however
// often the job runs; a temporary failure queued for a retry; the sweep; the dev outbox.
import ICAL from 'ical.js';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInRecruiter, startTestApp, type TestApp } from '../support/harness.ts';
import { makeUser } from '../support/auth-users.ts';
import { NO_AI } from '../support/fake-openai.ts';
import { smtpConfig, startSmtpSink, type SmtpSink } from '../support/smtp-sink.ts';
import { until } from '../support/until.ts';
import { CONSENT, uniqueTag } from '../support/test-data.ts';
import { newBookableRecruiter, newLink, roundTheClock, slotsOf } from '../support/meeting-data.ts';
import { ORIGIN } from '../support/constants.ts';
import { asService } from '#platform/db/request.server.ts';
import { createSmtpMail } from '#platform/mail/smtp.server.ts';
import { createOutboxMail } from '#domain/mail/outbox.server.ts';
import { MailDeliveryError, type MailPort } from '#platform/mail/port.server.ts';
import { sendMeetingNotification, type MeetingMailOptions } from '#domain/meetings/meeting-mail.server.ts';
import { bossJobQueue, meetingMailJob, QUEUES } from '#platform/runtime/jobs.server.ts';
import { startHeartbeat, type Heartbeat } from '#platform/runtime/workers.server.ts';
import { testBoss } from '../support/test-boss.ts';
import type { JobDeps } from '#worker/jobs/deps.ts';
import { registerMeetingMailJobs, sweepMeetingMail } from '#worker/jobs/meeting-mail.ts';

let app: TestApp;
let sink: SmtpSink;
let smtp: MailPort;
let boss: PgBoss;
let heartbeat: Heartbeat;
let deps: JobDeps;

beforeAll(async () => {
  sink = await startSmtpSink();
  app = await startTestApp({
    config: { openai: NO_AI, ...smtpConfig(sink), mail: { replyTo: 'replies@inbound.talentloop.test', retryDelaySeconds: 1, retryLimit: 3, syncSeconds: 60 } },
  });
  smtp = createSmtpMail(sink.url);
  // Only the meeting-mail queue, on its own pg-boss: what the worker runs, without the other jobs.
  boss = testBoss(app.ownerUrl, { max: 2, supervise: true, schedule: true });
  await boss.start();
  heartbeat = await startHeartbeat(app.pools.app, () => undefined);
  deps = { pools: app.pools, config: app.config, mail: smtp, jobs: bossJobQueue(boss), worker: heartbeat.identity, log: () => undefined };
  await registerMeetingMailJobs(boss, deps);
});
afterAll(async () => {
  await boss?.stop({ graceful: true, timeout: 5000 });
  await heartbeat?.stop();
  await smtp?.close();
  await app?.close();
  await sink?.close();
});

const options = (calendarConfigured = false): MeetingMailOptions =>
  ({ publicUrl: ORIGIN, from: app.config.smtp.from, calendarConfigured });

interface Booked {
  meetingId: number;
  notificationId: number;
  token: string;
  uid: string;
  recruiterEmail: string;
  /** The candidate on record: their name and address, where every meeting email goes. */
  candidateName: string;
  candidateEmail: string;
}

/**
 * A recruiter (Rita Jansen, Europe/Amsterdam), a candidate and their booking link, and a meeting
 * on Monday 30 March 2026 09:00 Amsterdam (07:00 UTC, 12:30 in Kolkata), with its 'confirmed' email queued.
 * The booking page was given another name and address (the attendee): kept for the recruiter, never mailed.
 */
async function bookMeeting(fields: { locationKind?: string; candidateTimeZone?: string; note?: string; language?: 'english' | 'dutch' } = {}): Promise<Booked> {
  const recruiter = await makeUser(app);
  const tag = uniqueTag();
  const attendeeEmail = `anna-typed-${tag}@example.org`;
  const candidateName = `Anna de Vries ${tag}`;
  const candidateEmail = `anna-profile-${tag}@example.org`;
  await app.pools.owner.query(`update public.profiles set display_name = 'Rita Jansen' where id = $1`, [recruiter.id]);
  return asService(app.pools.app, async (tx) => {
    const { rows: [candidate] } = await tx.query<{ id: number }>(
      `insert into public.candidates (name, email, language) values ($1, $2, $3) returning id::int`, [candidateName, candidateEmail, fields.language ?? null]);
    const { rows: [type] } = await tx.query<{ id: number }>(
      `insert into public.meeting_types (recruiter_id, name, duration_minutes, description, location_kind)
       values ($1, 'Intro call', 30, 'A first talk about what you are looking for.', 'teams') returning id::int`, [recruiter.id]);
    const { rows: [link] } = await tx.query<{ id: number; token: string }>(
      `insert into public.booking_links (recruiter_id, candidate_id, meeting_type_id, title, duration_minutes)
       values ($1, $2, $3, 'Intro call', 30) returning id::int, token`, [recruiter.id, candidate.id, type.id]);
    const { rows: [meeting] } = await tx.query<{ id: number; uid: string }>(
      `insert into public.meetings (recruiter_id, candidate_id, booking_link_id, meeting_type_id, title, starts_at, ends_at,
         location_kind, location_detail, time_zone, candidate_time_zone, attendee_name, attendee_email, candidate_note, teams_status)
       values ($1, $2, $3, $4, 'Intro call', '2026-03-30T07:00:00Z', '2026-03-30T07:30:00Z', $5, $6, 'Europe/Amsterdam', $7,
               'Typed Name', $8, $9, 'not_configured')
       returning id::int, ics_uid as uid`,
      [recruiter.id, candidate.id, link.id, type.id, fields.locationKind ?? 'teams', fields.locationKind === 'phone' ? '+31 20 123 4567' : null,
        fields.candidateTimeZone ?? 'Asia/Kolkata', attendeeEmail, fields.note ?? null]);
    const notificationId = await queueNotification(tx, meeting.id, 'confirmed', 0);
    return {
      meetingId: meeting.id, notificationId, token: link.token, uid: meeting.uid, recruiterEmail: `${recruiter.username}@example.com`,
      candidateName, candidateEmail,
    };
  });
}

type Tx = Parameters<Parameters<typeof asService>[1]>[0];
async function queueNotification(tx: Tx, meetingId: number, kind: string, sequence: number): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `insert into public.meeting_notifications (meeting_id, kind, sequence) values ($1, $2, $3) returning id::int`, [meetingId, kind, sequence]);
  return rows[0].id;
}

/** What booking.ts does on a move: a new time, sequence + 1, and the 'rescheduled' email. */
const reschedule = (meetingId: number, start: string) => asService(app.pools.app, async (tx) => {
  const { rows: [row] } = await tx.query<{ sequence: number }>(
    `update public.meetings set starts_at = $2, ends_at = $2::timestamptz + interval '30 minutes', sequence = sequence + 1, status = 'rescheduled'
      where id = $1 returning sequence`, [meetingId, start]);
  return queueNotification(tx, meetingId, 'rescheduled', row.sequence);
});

/** What booking.ts does on a cancel. */
const cancel = (meetingId: number, reason: string) => asService(app.pools.app, async (tx) => {
  const { rows: [row] } = await tx.query<{ sequence: number }>(
    `update public.meetings set status = 'cancelled', sequence = sequence + 1, cancel_reason = $2, cancelled_by = 'recruiter', cancelled_at = now()
      where id = $1 returning sequence`, [meetingId, reason]);
  return queueNotification(tx, meetingId, 'cancelled', row.sequence);
});

interface NotificationRow { status: string; attempts: number; error: string | null; provider_message_id: string | null; sent_at: Date | null }
const notification = async (id: number) =>
  (await app.pools.owner.query<NotificationRow>('select * from public.meeting_notifications where id = $1', [id])).rows[0];

async function received(notificationId: number): Promise<ParsedMail[]> {
  const parsed = await Promise.all(sink.received.map((r) => simpleParser(r.raw)));
  return parsed.filter((mail) => mail.headers.get('x-talentloop-meeting-notification') === String(notificationId));
}
const rawOf = (notificationId: number) => sink.received.map((r) => r.raw.toString())
  .find((raw) => raw.includes(`X-Talentloop-Meeting-Notification: ${notificationId}\r\n`))!;

/** The text/calendar alternative: its Content-Type and the parsed calendar. */
function invitation(mail: ParsedMail) {
  const part = mail.attachments.find((a) => a.contentType === 'text/calendar');
  if (!part) return null;
  const calendar = new ICAL.Component(ICAL.parse(part.content.toString('utf8')));
  return { method: part.headers.get('content-type') as { params: Record<string, string> }, calendar, event: calendar.getFirstSubcomponent('vevent')! };
}

describe('meeting emails', () => {
  it('a confirmation: ICS invitation (REQUEST), the time in both zones, the links, the recruiter as sender and Reply-To', async () => {
    const booked = await bookMeeting({ note: 'Happy to talk about <roles> & teams' });
    expect(await sendMeetingNotification(app.pools, smtp, booked.notificationId, options())).toEqual({ status: 'sent' });

    expect(await notification(booked.notificationId)).toMatchObject({
      status: 'sent', attempts: 1, error: null, provider_message_id: `<talentloop.meeting.${booked.notificationId}@talentloop.test>`, sent_at: expect.any(Date),
    });
    const [mail] = await received(booked.notificationId);
    expect(mail.messageId).toBe(`<talentloop.meeting.${booked.notificationId}@talentloop.test>`);
    expect(mail.to).toMatchObject({ value: [{ name: booked.candidateName, address: booked.candidateEmail }] });
    expect(mail.from?.value[0]).toMatchObject({ name: 'Rita Jansen', address: 'recruiting@talentloop.test' });
    expect(mail.replyTo?.value[0].address).toBe(booked.recruiterEmail);
    // 09:00 in Amsterdam is 12:30 in Kolkata, where the candidate booked from.
    expect(mail.subject).toMatch(/^Meeting confirmed: Intro call, Monday 30 March 2026 at 12:30 (IST|UTC\+05:30)$/);
    // Transactional, asked for by the candidate: no unsubscribe headers.
    expect(mail.headers.has('list-unsubscribe')).toBe(false);

    const text = mail.text!;
    expect(text).toMatch(/^Hi Anna,$/m);
    expect(text).toContain('When (your time): Monday 30 March 2026, 12:30–13:00');
    expect(text).toContain('Your time zone: Asia/Kolkata (India Standard Time, UTC+05:30)');
    expect(text).toContain("When (Rita's time): Monday 30 March 2026, 09:00–09:30");
    expect(text).toContain("Rita's time zone: Europe/Amsterdam (Central European Summer Time, UTC+02:00)");
    expect(text).toContain('Where: Microsoft Teams. Rita will send you the link to join.');
    expect(text).toContain('Your note: Happy to talk about <roles> & teams');
    expect(text).toContain(`${ORIGIN}/book/${booked.token}/reschedule`);
    expect(text).toContain(`${ORIGIN}/book/${booked.token}/cancel`);
    expect(mail.html).toContain('Happy to talk about &lt;roles&gt; &amp; teams');
    expect(mail.html).toContain(`<a href="${ORIGIN}/book/${booked.token}/reschedule">`);
    // The privacy page's link ends every email: this email's own token.
    const { rows: [{ privacy_token: privacyToken }] } = await app.pools.owner.query<{ privacy_token: string }>(
      'select privacy_token from public.meeting_notifications where id = $1', [booked.notificationId]);
    expect(text).toMatch(new RegExp(`\nYour data: ${ORIGIN}/privacy/${privacyToken}\n$`));
    expect(mail.html).toContain(`Your data: <a href="${ORIGIN}/privacy/${privacyToken}">`);

    // The calendar part: text/calendar; method=REQUEST, in the recruiter's zone.
    const raw = rawOf(booked.notificationId);
    expect(raw).toMatch(/^Content-Type: text\/calendar; charset=utf-8; method=REQUEST\r$/m);
    const ics = invitation(mail)!;
    expect(ics.method.params.method).toBe('REQUEST');
    expect(ics.calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    expect(ics.event.getFirstPropertyValue('uid')).toBe(booked.uid);
    expect(ics.event.getFirstPropertyValue('sequence')).toBe(0);
    expect(ics.event.getFirstProperty('dtstart')!.getParameter('tzid')).toBe('Europe/Amsterdam');
    expect(String(ics.event.getFirstPropertyValue('dtstart'))).toBe('2026-03-30T09:00:00');
    expect(ics.calendar.getFirstSubcomponent('vtimezone')!.getFirstPropertyValue('tzid')).toBe('Europe/Amsterdam');
    expect(String(ics.event.getFirstPropertyValue('organizer')).toLowerCase()).toBe(`mailto:${booked.recruiterEmail}`);
    expect(String(ics.event.getFirstPropertyValue('attendee')).toLowerCase()).toBe(`mailto:${booked.candidateEmail}`);
    expect(ics.event.getFirstPropertyValue('description')).toContain(`${ORIGIN}/book/${booked.token}/cancel`);
    expect(ics.event.getFirstPropertyValue('location')).toBe('Microsoft Teams');
  });

  it('a move keeps the UID with a higher SEQUENCE; a cancellation is METHOD:CANCEL with a link to book again', async () => {
    const booked = await bookMeeting({ locationKind: 'phone', candidateTimeZone: 'Europe/Amsterdam' });
    await sendMeetingNotification(app.pools, smtp, booked.notificationId, options());

    const moved = await reschedule(booked.meetingId, '2026-10-26T08:00:00Z');
    expect(await sendMeetingNotification(app.pools, smtp, moved, options())).toEqual({ status: 'sent' });
    const [movedMail] = await received(moved);
    expect(movedMail.subject).toBe('Meeting moved: Intro call, Monday 26 October 2026 at 09:00 CET');
    // One zone for both: said once.
    expect(movedMail.text).toContain('When: Monday 26 October 2026, 09:00–09:30');
    expect(movedMail.text).toContain("Time zone: Europe/Amsterdam (Central European Standard Time, UTC+01:00) (yours and Rita's)");
    expect(movedMail.text).toContain('Where: by phone, +31 20 123 4567');
    const movedIcs = invitation(movedMail)!;
    expect(movedIcs.event.getFirstPropertyValue('uid')).toBe(booked.uid);
    expect(movedIcs.event.getFirstPropertyValue('sequence')).toBe(1);
    expect(String(movedIcs.event.getFirstPropertyValue('dtstart'))).toBe('2026-10-26T09:00:00');
    expect(movedIcs.event.getFirstPropertyValue('location')).toBe('Phone: +31 20 123 4567');

    const cancelled = await cancel(booked.meetingId, 'The role was filled');
    expect(await sendMeetingNotification(app.pools, smtp, cancelled, options())).toEqual({ status: 'sent' });
    const [cancelMail] = await received(cancelled);
    expect(cancelMail.subject).toBe('Meeting cancelled: Intro call, Monday 26 October 2026 at 09:00 CET');
    expect(cancelMail.text).toContain('Rita Jansen had to cancel your meeting.');
    expect(cancelMail.text).toContain('Reason: The role was filled');
    expect(cancelMail.text).toContain(`Book a new time: ${ORIGIN}/book/${booked.token}\n`);
    expect(cancelMail.text).not.toContain('/reschedule');
    expect(rawOf(cancelled)).toMatch(/^Content-Type: text\/calendar; charset=utf-8; method=CANCEL\r$/m);
    const cancelIcs = invitation(cancelMail)!;
    expect(cancelIcs.calendar.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(cancelIcs.event.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(cancelIcs.event.getFirstPropertyValue('uid')).toBe(booked.uid);
    expect(cancelIcs.event.getFirstPropertyValue('sequence')).toBe(2);
  });

  it('in the candidate\'s language: a Dutch candidate\'s confirmation, move and cancellation, and their invitations, are Dutch', async () => {
    const booked = await bookMeeting({ language: 'dutch', note: 'Graag over de rol praten' });
    expect(await sendMeetingNotification(app.pools, smtp, booked.notificationId, options())).toEqual({ status: 'sent' });
    const [mail] = await received(booked.notificationId);
    expect(mail.subject).toMatch(/^Afspraak bevestigd: Intro call, maandag 30 maart 2026 om 12:30 /);
    const text = mail.text!;
    expect(text).toMatch(/^Hoi Anna,$/m);
    expect(text).toContain('Bedankt voor je boeking. Je afspraak met Rita Jansen is bevestigd.');
    expect(text).toContain('Intro call (30 minuten)');
    expect(text).toContain('Wanneer (jouw tijd): maandag 30 maart 2026, 12:30–13:00');
    expect(text).toContain('Wanneer (tijd van Rita): maandag 30 maart 2026, 09:00–09:30');
    expect(text).toContain('Waar: Microsoft Teams. Rita stuurt je de link om deel te nemen.');
    expect(text).toContain('Jouw opmerking: Graag over de rol praten');
    expect(text).toContain(`Kun je niet? Annuleren: ${ORIGIN}/book/${booked.token}/cancel`);
    expect(text).not.toMatch(/\b(Hi|When|Where|Thanks)\b/);
    expect(mail.html).toMatch(/^<!doctype html><html lang="nl">/);
    const ics = invitation(mail)!;
    expect(ics.event.getFirstPropertyValue('summary')).toBe('Intro call');
    expect(ics.event.getFirstPropertyValue('description')).toContain(`Intro call met Rita Jansen (30 minuten).\nA first talk about what you are looking for.`);
    expect(ics.event.getFirstPropertyValue('description')).toContain('Opmerking: Graag over de rol praten');

    const moved = await reschedule(booked.meetingId, '2026-10-26T08:00:00Z');
    expect(await sendMeetingNotification(app.pools, smtp, moved, options())).toEqual({ status: 'sent' });
    const [movedMail] = await received(moved);
    expect(movedMail.subject).toMatch(/^Afspraak verplaatst: Intro call, maandag 26 oktober 2026 om 13:30 /);
    expect(movedMail.text).toContain('Je afspraak met Rita Jansen is verplaatst naar een nieuw tijdstip.');

    const cancelled = await cancel(booked.meetingId, 'De functie is vervuld');
    expect(await sendMeetingNotification(app.pools, smtp, cancelled, options())).toEqual({ status: 'sent' });
    const [cancelMail] = await received(cancelled);
    expect(cancelMail.subject).toMatch(/^Afspraak geannuleerd: Intro call, maandag 26 oktober 2026 om 13:30 /);
    expect(cancelMail.text).toContain('Rita Jansen moest je afspraak annuleren.');
    expect(cancelMail.text).toContain('Reden: De functie is vervuld');
    expect(cancelMail.text).toContain(`Wil je toch afspreken? Kies een nieuw tijdstip: ${ORIGIN}/book/${booked.token}\n`);
    expect(invitation(cancelMail)!.event.getFirstPropertyValue('description')).toContain('Rita Jansen moest je afspraak annuleren.');

    // An English candidate, and one whose language is not known, read English.
    for (const language of ['english', undefined] as const) {
      const other = await bookMeeting({ language });
      await sendMeetingNotification(app.pools, smtp, other.notificationId, options());
      const [english] = await received(other.notificationId);
      expect(english.subject).toMatch(/^Meeting confirmed: Intro call, Monday 30 March 2026 at 12:30 /);
      expect(english.html).toMatch(/^<!doctype html><html lang="en">/);
    }
  });

  it('the organisation\'s default sender address, once set, under the recruiter\'s name; the Message-ID stays on the configured domain', async () => {
    await app.pools.owner.query(`update public.organisation_settings set sender_name = 'Acme Recruiting', sender_email = 'jobs@acme.example'`);
    try {
      const booked = await bookMeeting();
      expect(await sendMeetingNotification(app.pools, smtp, booked.notificationId, options())).toEqual({ status: 'sent' });
      const [mail] = await received(booked.notificationId);
      expect(mail.from?.value[0]).toEqual({ name: 'Rita Jansen', address: 'jobs@acme.example' });
      expect(mail.messageId).toBe(`<talentloop.meeting.${booked.notificationId}@talentloop.test>`);
    } finally {
      await app.pools.owner.query('update public.organisation_settings set sender_name = null, sender_email = null');
    }
  });

  it('with Microsoft Graph configured, Outlook invites: the email carries no calendar part', async () => {
    const booked = await bookMeeting();
    expect(await sendMeetingNotification(app.pools, smtp, booked.notificationId, options(true))).toEqual({ status: 'sent' });
    const [mail] = await received(booked.notificationId);
    expect(invitation(mail)).toBeNull();
    expect(rawOf(booked.notificationId)).not.toMatch(/text\/calendar/);
    expect(mail.text).toContain('Where: Microsoft Teams. The Microsoft Teams link follows in the calendar invitation.');
  });

  it('an email overtaken by a later change is not sent (the later one says it all)', async () => {
    const booked = await bookMeeting();
    const moved = await reschedule(booked.meetingId, '2026-03-31T07:00:00Z');
    expect(await sendMeetingNotification(app.pools, smtp, booked.notificationId, options()))
      .toEqual({ status: 'failed', error: 'Not sent: the meeting changed again before this email went out' });
    expect(await received(booked.notificationId)).toHaveLength(0);
    expect(await sendMeetingNotification(app.pools, smtp, moved, options())).toEqual({ status: 'sent' });
  });

  it('a temporary failure puts the email back in the queue and throws for the retry; the retry sends it', async () => {
    const booked = await bookMeeting();
    sink.refuse(booked.candidateEmail, 451, 1);
    const failure = await sendMeetingNotification(app.pools, smtp, booked.notificationId, options()).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MailDeliveryError);
    expect((failure as MailDeliveryError).permanent).toBe(false);
    expect(await notification(booked.notificationId)).toMatchObject({ status: 'queued', attempts: 1, error: expect.stringMatching(/^SMTP 451/) });
    expect(await received(booked.notificationId)).toHaveLength(0);

    expect(await sendMeetingNotification(app.pools, smtp, booked.notificationId, options())).toEqual({ status: 'sent' });
    expect(await notification(booked.notificationId)).toMatchObject({ status: 'sent', attempts: 2, error: null });
    expect(await received(booked.notificationId)).toHaveLength(1);
  });

  it('a permanent failure is recorded and not retried', async () => {
    const booked = await bookMeeting();
    sink.refuse(booked.candidateEmail, 550);
    const outcome = await sendMeetingNotification(app.pools, smtp, booked.notificationId, options());
    expect(outcome).toMatchObject({ status: 'failed', error: expect.stringMatching(/^SMTP 550/) });
    expect(await notification(booked.notificationId)).toMatchObject({ status: 'failed', attempts: 1 });
    expect(await sendMeetingNotification(app.pools, smtp, booked.notificationId, options())).toEqual({ status: 'not-claimed' });
  });
});

describe('a booking link is not a relay', () => {
  const notificationsOf = async (meetingId: number) => (await app.pools.owner.query<{ id: number; kind: string }>(
    'select id::int, kind from public.meeting_notifications where meeting_id = $1 order by id', [meetingId])).rows;

  it('booking and cancelling with another name and address typed on the page: the mails go to the candidate on record only', async () => {
    const recruiter = await newBookableRecruiter(app, roundTheClock(), '10.26.0.1');
    const link = await newLink(recruiter, { name: 'Cora Candidate' });
    const page = app.client({ ip: '10.26.0.2' });
    const typed = { name: 'Buy Cheap Pills', email: `stranger-${uniqueTag()}@example.net`, note: 'Visit https://spam.example' };
    const slot = (await slotsOf(page, link.token)).slots[5];
    /** Sends the meeting's latest email (what the meeting-mail job does) and answers it as received. */
    const sendLatest = async (meetingId: number) => {
      const { id } = (await notificationsOf(meetingId)).at(-1)!;
      expect(await sendMeetingNotification(app.pools, smtp, id, options())).toEqual({ status: 'sent' });
      return (await received(id))[0];
    };

    expect((await page.post(`/api/public/booking/${link.token}`, { start: slot.start, ...typed })).status).toBe(201);
    // The recruiter sees what was typed, on the meeting.
    const [meeting] = (await recruiter.client.get(`/api/meetings?candidateId=${link.candidate.id}`)).json.meetings;
    expect(meeting).toMatchObject({ attendee: { name: typed.name, email: typed.email }, candidateNote: typed.note, candidate: { email: link.candidate.email } });
    const confirmation = await sendLatest(meeting.id);

    expect((await page.post(`/api/public/booking/${link.token}/cancel`, { reason: 'Changed my mind' })).status).toBe(200);
    const cancellation = await sendLatest(meeting.id);
    expect((await notificationsOf(meeting.id)).map((n) => n.kind)).toEqual(['confirmed', 'cancelled']);

    for (const mail of [confirmation, cancellation]) {
      expect(mail.to).toMatchObject({ value: [{ name: 'Cora Candidate', address: link.candidate.email }] });
      expect(mail.text).toMatch(/^Hi Cora,$/m);
      expect(String(invitation(mail)!.event.getFirstPropertyValue('attendee')).toLowerCase()).toBe(`mailto:${link.candidate.email}`);
    }
    expect(sink.received.filter((r) => r.to.includes(typed.email))).toEqual([]);
    expect(sink.perRecipient.get(typed.email)).toBeUndefined();
  });

  it('a candidate without an address on record books all the same, and no email goes anywhere', async () => {
    const recruiter = await newBookableRecruiter(app, roundTheClock(), '10.26.0.3');
    const link = await newLink(recruiter, CONSENT.noAddress);
    const page = app.client({ ip: '10.26.0.4' });
    const typed = `typed-${uniqueTag()}@example.net`;
    const slot = (await slotsOf(page, link.token)).slots[5];
    const booked = await page.post(`/api/public/booking/${link.token}`, { start: slot.start, name: 'Nina', email: typed });
    expect(booked.status).toBe(201);
    // What the page reads to say that no confirmation is emailed.
    expect((await page.get(`/api/public/booking/${link.token}`)).json).toMatchObject({ state: 'booked', candidate: { email: null } });

    const [meeting] = (await recruiter.client.get(`/api/meetings?candidateId=${link.candidate.id}`)).json.meetings;
    const [{ id }] = await notificationsOf(meeting.id);
    expect(await sendMeetingNotification(app.pools, smtp, id, options()))
      .toEqual({ status: 'failed', error: 'Not sent: the candidate has no email address' });
    expect(await received(id)).toEqual([]);
    expect(sink.perRecipient.get(typed)).toBeUndefined();
  });
});

describe('meeting-mail jobs', () => {
  const jobsFinished = (notificationId: number, count: number) => until(
    () => boss.findJobs(QUEUES.meetingMail, { data: { notificationId } }),
    (jobs) => jobs.length >= count && jobs.every((job) => job.state === 'completed' || job.state === 'failed'));

  it('sends once however many jobs run for the email', async () => {
    const booked = await bookMeeting();
    const jobs = [meetingMailJob(booked.notificationId), meetingMailJob(booked.notificationId, 1), meetingMailJob(booked.notificationId, 2)];
    await Promise.all([deps.jobs.send(QUEUES.meetingMail, jobs), deps.jobs.send(QUEUES.meetingMail, [jobs[0]])]);
    await jobsFinished(booked.notificationId, jobs.length);
    expect(await received(booked.notificationId)).toHaveLength(1);
    expect(await notification(booked.notificationId)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('retries a temporary failure through pg-boss and then sends', async () => {
    const booked = await bookMeeting();
    sink.refuse(booked.candidateEmail, 451, 1);
    await deps.jobs.send(QUEUES.meetingMail, [meetingMailJob(booked.notificationId)]);
    const done = await until(() => notification(booked.notificationId), (row) => row.status === 'sent');
    expect(done).toMatchObject({ attempts: 2, error: null });
    expect(await received(booked.notificationId)).toHaveLength(1);
  });

  it('the sweep queues an email whose job was lost, and one left sending by a dead worker', async () => {
    const lost = await bookMeeting();
    const abandoned = await bookMeeting();
    await app.pools.owner.query(`update public.meeting_notifications set created_at = now() - interval '2 minutes' where id = $1`, [lost.notificationId]);
    await app.pools.owner.query(
      `update public.meeting_notifications set status = 'sending', attempts = 1, claimed_at = now() - interval '6 minutes' where id = $1`,
      [abandoned.notificationId]);
    await sweepMeetingMail(deps);
    for (const id of [lost.notificationId, abandoned.notificationId]) {
      expect(await until(() => notification(id), (row) => row.status === 'sent')).toMatchObject({ status: 'sent' });
      expect(await received(id)).toHaveLength(1);
    }
    expect((await notification(abandoned.notificationId)).attempts).toBe(2);
  });
});

describe('dev outbox', () => {
  it('shows the meeting email (not tied to a message) in the outbox', async () => {
    const booked = await bookMeeting();
    expect(await sendMeetingNotification(app.pools, createOutboxMail(app.pools.app), booked.notificationId, options())).toEqual({ status: 'sent' });
    const recruiter = app.client({ ip: '10.23.0.1' });
    await signInRecruiter(recruiter);
    const list = await recruiter.get('/api/outbox');
    expect(list.status).toBe(200);
    const summary = list.json.emails.find((email: { subject: string; to: string }) => email.to.includes(booked.candidateEmail));
    expect(summary).toMatchObject({ messageId: null, subject: expect.stringMatching(/^Meeting confirmed: Intro call/) });
    const email = await recruiter.get(`/api/outbox/${summary.id}`);
    expect(email.status).toBe(200);
    expect(email.json.raw).toMatch(/^Content-Type: text\/calendar; charset=utf-8; method=REQUEST\r$/m);
  });
});
