// The candidate's meeting emails (public.meeting_notifications): "confirmed",
// "moved" and "cancelled", sent once each. The claim (queued → sending, or a
// 'sending' row left for 5 minutes by a worker that died) lets one job send; the
// Message-ID is fixed per notification, so a resend after a crash is recognisable.
// Transactional mail the candidate asked for: no List-Unsubscribe, no consent check.
// It goes only to the candidate on record (their name and address), never to an address
// typed on the booking page: whoever holds a link could otherwise make us mail anyone
// (decision 015). No address on record: no email.
// Without Microsoft Graph the email carries the ICS invitation; with Graph, Outlook
// invites the candidate itself and a second invitation would make a second entry.
import type { Pools } from '../../platform/db/pools.server.ts';
import { asService, type Tx } from '../../platform/db/request.server.ts';
import { addressOf, domainOf, mailbox, privacyPageUrl, recruiterSender, senderFrom } from '../mail/compose.server.ts';
import type { SendFrom } from '../mail/send-from.ts';
import { MAX_ATTEMPTS } from '../mail/delivery.server.ts';
import { MailDeliveryError, type MailPort, type OutgoingMail } from '../../platform/mail/port.server.ts';
import { bookingUrl } from './booking-links.server.ts';
import { meetingIcs } from './ics.server.ts';
import { composeMeetingMail, type MeetingMailFacts } from './meeting-mail-text.ts';
import { candidateLocale, type Locale } from '../i18n/locale.ts';
import type { Language } from '../schemas/language.ts';

export type { NotificationKind } from './meeting-mail-text.ts';

/** The language of the candidate's meeting emails, reminders and their invitation: theirs, English while it is not known. */
export const meetingMailLocale = (language: Language | null): Locale => candidateLocale(language, 'en');

export interface MeetingMailOptions {
  publicUrl: string;
  /** The configured sender (MAIL_FROM): the Message-ID's domain; its address is used with the recruiter's name unless the organisation set a default sender address. */
  from: string;
  /** Microsoft Graph makes the Outlook event (and its invitation): then no ICS of ours. */
  calendarConfigured: boolean;
}

export type MeetingMailOutcome =
  | { status: 'sent' }
  | { status: 'failed'; error: string }
  /** Another job has it, or it went out already. */
  | { status: 'not-claimed' };

/** A 'sending' claim older than this belongs to a worker that died mid-send (SQL). */
export const STALE_MEETING_MAIL_CLAIM = `interval '5 minutes'`;

/** claimedAt is cut to milliseconds, so that it compares equal after the round trip through a JS Date. */
interface Claim { id: number; claimedAt: Date; attempts: number }

/** Who a meeting's email is from: the recruiter, and the organisation's sender settings read with it. */
export interface MeetingSenderFacts {
  recruiter: { name: string; email: string };
  /** organisation_settings' default sender. */
  senderName: string | null;
  senderEmail: string | null;
  /** organisation_settings.send_from: with 'recruiter' and Graph the email leaves the recruiter's own mailbox (decision 039). */
  sendFrom: SendFrom;
}

/** organisation_settings' sender columns as MeetingSenderFacts names them (`s`: the settings row, left joined). */
export const MEETING_SENDER_COLUMNS = `s.sender_name as "senderName", s.sender_email as "senderEmail", coalesce(s.send_from, 'shared') as "sendFrom"`;

interface NotificationRow extends Omit<MeetingMailFacts, 'links' | 'calendarConfigured'>, MeetingSenderFacts {
  uid: string;
  meetingSequence: number;
  /** A later change of the meeting has its own email: this one would show an outdated state. */
  superseded: boolean;
  token: string | null;
  /** The candidate's language (null: not known). */
  language: Language | null;
  /** The privacy page's token of this email (meeting_notifications.privacy_token). */
  privacyToken: string;
}

/** Stable per notification. */
export function meetingMessageId(notificationId: number, from: string): string {
  return `<talentloop.meeting.${notificationId}@${domainOf(from)}>`;
}

/**
 * `"Rita Jansen" <recruiting@example.com>`: the sender address (the organisation's default, else the
 * configured one; compose.ts senderFrom) under the recruiter's name: the meeting is theirs.
 */
export function senderAs(row: MeetingSenderFacts, from: string, via: MailPort['kind']): string {
  const own = ownMailbox(row, via);
  if (own) return own.from;
  const sender = senderFrom(from, { senderName: row.senderName, senderEmail: row.senderEmail }, via);
  return row.recruiter.name.trim() ? mailbox(row.recruiter.name, addressOf(sender)) : sender;
}

/** The recruiter's own mailbox, when the organisation sends from it (their profile email: always there). */
export function ownMailbox(row: MeetingSenderFacts, via: MailPort['kind']) {
  const own = recruiterSender(row.sendFrom, via, row.recruiter);
  return own === 'no_mailbox' ? null : own;
}

async function claim(tx: Tx, notificationId: number): Promise<Claim | null> {
  const { rows } = await tx.query<Claim>(
    `update public.meeting_notifications set status = 'sending', claimed_at = date_trunc('milliseconds', clock_timestamp()), attempts = attempts + 1
      where id = $1 and attempts < $2
        and (status = 'queued' or (status = 'sending' and claimed_at < now() - ${STALE_MEETING_MAIL_CLAIM}))
      returning id::int, claimed_at as "claimedAt", attempts`, [notificationId, MAX_ATTEMPTS]);
  return rows[0] ?? null;
}

async function readNotification(tx: Tx, notificationId: number): Promise<NotificationRow> {
  const { rows } = await tx.query<NotificationRow>(
    `select n.kind, m.ics_uid as uid, m.sequence as "meetingSequence",
            exists (select 1 from public.meeting_notifications later
                     where later.meeting_id = n.meeting_id and later.sequence > n.sequence) as superseded,
            m.title, m.starts_at as start, m.ends_at as "end",
            m.time_zone as "timeZone", m.candidate_time_zone as "candidateTimeZone",
            m.location_kind as "locationKind", m.location_detail as "locationDetail", m.teams_join_url as "joinUrl",
            m.candidate_note as note, m.cancel_reason as "cancelReason", m.cancelled_by as "cancelledBy",
            t.description as "typeDescription",
            json_build_object('name', p.display_name, 'email', p.email::text) as recruiter,
            json_build_object('name', coalesce(c.name, ''), 'email', c.email::text) as candidate, c.language,
            l.token, n.privacy_token as "privacyToken", ${MEETING_SENDER_COLUMNS}
       from public.meeting_notifications n
       left join public.organisation_settings s on true
       join public.meetings m on m.id = n.meeting_id
       join public.profiles p on p.id = m.recruiter_id
       left join public.candidates c on c.id = m.candidate_id
       left join public.meeting_types t on t.id = m.meeting_type_id
       left join public.booking_links l on l.id = m.booking_link_id
      where n.id = $1`, [notificationId]);
  return rows[0];
}

/** The booking page's links of a meeting booked through a link (null without one). */
export function meetingLinks(publicUrl: string, token: string | null): MeetingMailFacts['links'] {
  if (!token) return null;
  const book = bookingUrl(publicUrl, token);
  return { book, reschedule: `${book}/reschedule`, cancel: `${book}/cancel` };
}

function buildMail(notificationId: number, row: NotificationRow, options: MeetingMailOptions, via: MailPort['kind']): OutgoingMail {
  const facts: MeetingMailFacts = { ...row, links: meetingLinks(options.publicUrl, row.token), calendarConfigured: options.calendarConfigured,
    privacyUrl: privacyPageUrl(options.publicUrl, row.privacyToken) };
  // In the candidate's language, its ICS invitation too (English while it is not known).
  const content = composeMeetingMail(facts, meetingMailLocale(row.language));
  const method = row.kind === 'cancelled' ? 'CANCEL' : 'REQUEST';
  return {
    messageRowId: null,
    messageId: meetingMessageId(notificationId, options.from),
    from: senderAs(row, options.from, via),
    to: { name: row.candidate.name, address: row.candidate.email! },
    replyTo: row.recruiter.email,
    mailbox: ownMailbox(row, via)?.mailbox,
    subject: content.subject,
    text: content.text,
    html: content.html,
    headers: { 'X-Talentloop-Meeting-Notification': String(notificationId) },
    calendar: options.calendarConfigured ? undefined : {
      method,
      content: meetingIcs({
        uid: row.uid, sequence: row.meetingSequence, start: row.start, end: row.end, timeZone: row.timeZone,
        title: content.calendarSummary, description: content.calendarDescription, location: content.calendarLocation,
        organizer: row.recruiter, attendee: { name: row.candidate.name, email: row.candidate.email! }, stamp: new Date(),
      }, method),
    },
  };
}

/** Failure or retry, only while the claim is still ours. */
async function release(pools: Pick<Pools, 'app'>, held: Claim, status: 'queued' | 'failed', error: string) {
  await asService(pools.app, (tx) => tx.query(
    `update public.meeting_notifications set status = $3, error = $4
      where id = $1 and status = 'sending' and claimed_at = $2`, [held.id, held.claimedAt, status, error.slice(0, 1000)]));
}

/**
 * Sends one notification. A temporary delivery failure puts it back in the queue and
 * throws (the job's retry sends it); a permanent one, or the last attempt, marks it failed.
 */
export async function sendMeetingNotification(pools: Pick<Pools, 'app'>, mail: MailPort, notificationId: number,
  options: MeetingMailOptions): Promise<MeetingMailOutcome> {
  const claimed = await asService(pools.app, async (tx) => {
    const held = await claim(tx, notificationId);
    return held ? { held, row: await readNotification(tx, notificationId) } : null;
  });
  if (!claimed) return { status: 'not-claimed' };
  const { held, row } = claimed;

  const refusal = row.superseded ? 'Not sent: the meeting changed again before this email went out'
    : !row.candidate.email ? 'Not sent: the candidate has no email address' : null;
  if (refusal) {
    await release(pools, held, 'failed', refusal);
    return { status: 'failed', error: refusal };
  }

  let outgoing: OutgoingMail;
  try {
    outgoing = buildMail(notificationId, row, options, mail.kind);
  } catch (error) {
    const message = `Could not build the email: ${(error as Error).message}`;
    await release(pools, held, 'failed', message);
    return { status: 'failed', error: message };
  }

  try {
    const { providerMessageId } = await mail.send(outgoing);
    // Recorded whoever holds the claim now: the mail did go out.
    await asService(pools.app, (tx) => tx.query(
      `update public.meeting_notifications set status = 'sent', sent_at = now(), provider_message_id = $2, error = null
        where id = $1 and status <> 'sent'`, [notificationId, providerMessageId]));
    return { status: 'sent' };
  } catch (error) {
    const failure = error instanceof MailDeliveryError ? error : new MailDeliveryError((error as Error).message, false, { cause: error });
    if (failure.permanent || held.attempts >= MAX_ATTEMPTS) {
      const message = failure.permanent ? failure.message : `${failure.message} (gave up after ${held.attempts} attempts)`;
      await release(pools, held, 'failed', message);
      return { status: 'failed', error: message };
    }
    await release(pools, held, 'queued', failure.message);
    throw failure;
  }
}
