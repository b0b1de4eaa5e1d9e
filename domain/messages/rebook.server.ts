// After a no-show, the recruiter's one click (POST /api/meetings/{id}/rebook): a new booking link for
// the meeting's candidate and type (with the meeting's recruiter, as the meeting was), sent to the
// candidate by email as a message of the one who clicked, in the candidate's thread. It goes the way
// every composed message goes (createMessage: consent, the thread, the link counted as sent); a
// candidate who may not be emailed is refused before anything is made, by the blocker's code (409).
// The words are the catalogue's (emails.meetingRebook), in the language of the meeting emails.
import type { Tx } from '../../platform/db/request.server.ts';
import { DomainError } from '../errors.ts';
import { blockerCode, type ContactBlocker } from '../consent/eligibility.ts';
import { translator } from '../i18n/translate.ts';
import { firstName } from '../placeholders/placeholders.ts';
import { bookingUrl, createBookingLinks } from '../meetings/booking-links.server.ts';
import { candidateShortTime } from '../meetings/meeting-mail-text.ts';
import { meetingMailLocale } from '../meetings/meeting-mail.server.ts';
import type { Language } from '../schemas/language.ts';
import type { MeetingStatus, RebookAnswer } from '../meetings/meeting-schemas.ts';
import { sendTimeValuesOf } from '../settings/send-time.server.ts';
import { createMessage } from './messages.server.ts';

interface NoShow {
  status: MeetingStatus;
  recruiterId: string;
  candidateId: number | null;
  candidateName: string | null;
  candidateLanguage: Language | null;
  /** The meeting's type while it can still be offered; null: the recruiter's first (createBookingLinks). */
  meetingTypeId: number | null;
  title: string;
  start: Date;
  end: Date;
  timeZone: string;
  candidateTimeZone: string | null;
  /** public.contact_blockers(candidate, 'email'): the one eligibility rule. */
  blockers: ContactBlocker[] | null;
}

/** The message's subject and text, the link on its own line, signed as the sender signs (or by name). */
function rebookText(meeting: NoShow, url: string, signature: string | null) {
  const locale = meetingMailLocale(meeting.candidateLanguage);
  const meetingWords = translator(locale, 'emails.meeting');
  const t = translator(locale, 'emails.meetingRebook');
  const first = firstName(meeting.candidateName);
  const when = candidateShortTime(meeting, locale);
  const paragraphs = [
    first ? meetingWords('greeting', { name: first }) : meetingWords('greetingNoName'),
    t('missed', { title: meeting.title, when }),
    `${t('choose')}\n${url}`,
    ...(signature?.trim() ? [signature.trim()] : []),
  ];
  return { subject: t('subject', { title: meeting.title }), content: paragraphs.join('\n\n') };
}

/** Makes the link and queues its message (the caller enqueues the delivery job of `messageId`). */
export async function rebookNoShow(tx: Tx, meetingId: number, sender: { id: string; displayName: string }, publicUrl: string): Promise<RebookAnswer> {
  const { rows: [meeting] } = await tx.query<NoShow>(
    `select m.status, m.recruiter_id as "recruiterId", m.candidate_id::int as "candidateId", c.name as "candidateName", c.language as "candidateLanguage",
            case when t.archived_at is null then t.id::int end as "meetingTypeId",
            m.title, m.starts_at as start, m.ends_at as "end", m.time_zone as "timeZone", m.candidate_time_zone as "candidateTimeZone",
            case when c.id is not null then public.contact_blockers(c, 'email') end as blockers
       from public.meetings m
       left join public.candidates c on c.id = m.candidate_id
       left join public.meeting_types t on t.id = m.meeting_type_id
      where m.id = $1
      for update of m`, [meetingId]);
  if (!meeting) throw new DomainError(404, 'meeting_not_found', 'id');
  if (meeting.status !== 'no_show') throw new DomainError(409, 'meeting_not_no_show', 'id');
  if (meeting.candidateId === null) throw new DomainError(422, 'meeting_no_candidate', 'id');
  if (meeting.blockers?.length) throw new DomainError(409, blockerCode(meeting.blockers[0]), 'candidate');

  const links = await createBookingLinks(tx, meeting.recruiterId, [meeting.candidateId], { meetingTypeId: meeting.meetingTypeId ?? undefined });
  const link = links.get(meeting.candidateId)!;
  const url = bookingUrl(publicUrl, link.token);
  const values = await sendTimeValuesOf(tx, { id: sender.id, name: sender.displayName });
  const { subject, content } = rebookText(meeting, url, values.signature ?? values.recruiterName);
  const message = await createMessage(tx, meeting.candidateId, {
    kind: 'compose', channel: 'email', subject, content, allowWhatsAppReplies: true, whatsappTemplate: null, bookingMeetingTypeId: null,
  }, sender, publicUrl);
  return { bookingLink: { id: link.id, token: link.token, url, expiresAt: link.expiresAt }, messageId: message.id };
}
