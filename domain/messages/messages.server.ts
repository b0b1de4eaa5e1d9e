// Messages and threads. A thread is its first message plus every message whose
// thread_id points at it. Outbound messages are stored 'queued'; the worker
// sends them (worker/jobs/mail.ts). Consent is checked here with the reasons
// the UI shows, and again by the database trigger enforce_message_consent.
import { DomainError } from '../errors.ts';
import { say, type Said } from '../i18n/codes.ts';
import type { Tx } from '../../platform/db/request.server.ts';
import { isoTimestamp } from '../../platform/db/sql-time.server.ts';
import { detectLanguage, personalise, placeholdersIn, usesBookingLink, type SendTimeValues } from '../placeholders/placeholders.ts';
import { sendTimeValuesOf } from '../settings/send-time.server.ts';
import { bookingUrl, createBookingLinks, markLinksSent } from '../meetings/booking-links.server.ts';
import type { CampaignGroup, Message, NewMessage, Thread, ThreadListQuery, ThreadRead, ThreadSummary } from './schemas.ts';
import { replySubject } from '../mail/reply-subject.ts';
import { blockerCode, type ContactBlocker } from '../consent/eligibility.ts';
import type { Channel } from './schemas.ts';
import { loadWhatsAppConfig, type WhatsAppConfig } from '../whatsapp/config.server.ts';
import { checkWhatsAppSend } from '../whatsapp/channel.server.ts';
import { templateText } from '../whatsapp/cloud-api.server.ts';

/** A refusal the API shows as 404 (not_found) or 422 (refused), naming the field. */
export class MessagingError extends DomainError {
  kind: 'not_found' | 'refused';
  constructor(kind: 'not_found' | 'refused', said: Said, field?: string) {
    super(kind === 'not_found' ? 404 : 422, said, field);
    this.kind = kind;
  }
}

const MESSAGE_COLUMNS = `m.id, m.subject, m.content, m.sentiment, ${isoTimestamp('m.created_at')} as "createdAt",
  json_build_object('id', c.id, 'name', c.name, 'email', c.email) as candidate,
  m.direction, m.channel, m.status, coalesce(m.thread_id, m.id) as "threadId", m.original_message_id as "originalMessageId",
  m.campaign_id as "campaignId", m.error, m.error_code as "errorCode", m.error_params as "errorParams", m.attempts, ${isoTimestamp('m.sent_at')} as "sentAt", ${isoTimestamp('m.read_at')} as "readAt",
  m.removal_requested as "removalRequested", m.opt_out_review as "optOutReview", m.auto_reply as "autoReply",
  to_char(m.auto_reply_until, 'YYYY-MM-DD') as "autoReplyUntil",
  case when m.direction = 'out' then public.message_bounce(m.id) end as bounce,
  case when m.delivery_status is not null then json_build_object('status', m.delivery_status, 'at', ${isoTimestamp('m.delivery_status_at')}) end as "deliveryStatus",
  m.whatsapp_template as "whatsappTemplate", m.mailbox, m.kind`;
const FROM_MESSAGES = 'from public.messages m join public.candidates c on c.id = m.candidate_id';

export async function getMessage(tx: Tx, id: number): Promise<Message | null> {
  const { rows } = await tx.query<Message>(`select ${MESSAGE_COLUMNS} ${FROM_MESSAGES} where m.id = $1`, [id]);
  return rows[0] ?? null;
}

/** The whole thread a message belongs to, oldest first. */
export async function getThread(tx: Tx, id: number): Promise<Thread | null> {
  const { rows } = await tx.query<Message>(
    `select ${MESSAGE_COLUMNS} ${FROM_MESSAGES}
      where coalesce(m.thread_id, m.id) = (select coalesce(thread_id, id) from public.messages where id = $1)
      order by m.created_at, m.id`, [id]);
  if (!rows.length) return null;
  const root = rows.find((row) => row.id === row.threadId) ?? rows[0];
  return {
    threadId: root.threadId,
    subject: root.subject,
    candidate: root.candidate,
    unreadCount: rows.filter((row) => row.direction === 'in' && !row.readAt).length,
    messages: rows,
  };
}

/**
 * Threads, newest activity first, with the latest reply's sentiment (an out-of-office is no reply) and the unread count. The
 * "needs-reply" view reads the flag on the thread roots (migration 20261124000050). Without a
 * candidate filter, threads that are only a campaign's message with no reply are left out:
 * listCampaignGroups() counts them, one row per campaign.
 */
export async function listThreads(tx: Tx, query: ThreadListQuery): Promise<ThreadSummary[]> {
  const { rows } = await tx.query<ThreadSummary>(
    `with roots as (
       select r.id, r.subject, r.candidate_id, r.campaign_id, r.needs_reply from public.messages r
        where r.thread_id is null
          and ($1::bigint is null or r.candidate_id = $1)
          and (not $6 or r.needs_reply)
     ), threads as (
       select root.id as thread_id, max(m.created_at) as last_at, count(*)::int as message_count,
              (count(*) filter (where m.direction = 'in' and m.read_at is null))::int as unread_count
         from roots root join public.messages m on coalesce(m.thread_id, m.id) = root.id
        group by root.id
     )
     select t.thread_id as "threadId", root.subject, t.message_count as "messageCount", t.unread_count as "unreadCount",
            ${isoTimestamp('t.last_at')} as "lastMessageAt", reply.sentiment,
            json_build_object('id', c.id, 'name', c.name) as candidate, root.needs_reply as "needsReply",
            json_build_object('id', last.id, 'content', left(last.content, 280), 'direction', last.direction,
                              'status', last.status, 'channel', last.channel, 'createdAt', ${isoTimestamp('last.created_at')},
                              'whatsappTemplate', last.whatsapp_template) as "lastMessage"
       from threads t
       join roots root on root.id = t.thread_id
       join public.candidates c on c.id = root.candidate_id
       cross join lateral (select id, content, direction, status, channel, created_at, whatsapp_template from public.messages
                            where coalesce(thread_id, id) = t.thread_id order by created_at desc, id desc limit 1) last
       left join lateral (select sentiment from public.messages
                           where coalesce(thread_id, id) = t.thread_id and direction = 'in' and not auto_reply and sentiment is not null
                           order by created_at desc, id desc limit 1) reply on true
      where ($2::text is null or reply.sentiment = $2)
        and (not $3 or t.unread_count > 0)
        and ($1::bigint is not null or root.campaign_id is null or t.message_count > 1)
      order by t.last_at desc, t.thread_id desc
      limit $4 offset $5`,
    [query.candidateId ?? null, query.sentiment ?? null, query.unread === 'true', query.limit, query.offset, query.view === 'needs-reply']);
  return rows;
}

/** Campaigns whose sends have no reply yet: each once, with the count of threads that are only its message. */
export async function listCampaignGroups(tx: Tx): Promise<CampaignGroup[]> {
  const { rows } = await tx.query<CampaignGroup>(
    `select c.id as "campaignId", c.name, count(*)::int as unanswered, ${isoTimestamp('max(r.created_at)')} as "lastSentAt"
       from public.messages r join public.campaigns c on c.id = r.campaign_id
      where r.thread_id is null
        and not exists (select 1 from public.messages m where coalesce(m.thread_id, m.id) = r.id and m.id <> r.id)
      group by c.id, c.name
      order by max(r.created_at) desc, c.id desc`);
  return rows;
}

/** "Mark done": the message's thread no longer needs a reply. Null for an unknown message. */
export async function markThreadDone(tx: Tx, id: number): Promise<{ threadId: number } | null> {
  const { rows } = await tx.query<{ threadId: number }>('select coalesce(thread_id, id) as "threadId" from public.messages where id = $1', [id]);
  if (!rows[0]) return null;
  await tx.query('update public.messages set needs_reply = false where id = $1 and needs_reply', [rows[0].threadId]);
  return rows[0];
}

/** Marks the replies in the message's thread up to this one as read. */
export async function markRead(tx: Tx, id: number): Promise<ThreadRead | null> {
  const { rows } = await tx.query<{ thread: number }>('select coalesce(thread_id, id) as thread from public.messages where id = $1', [id]);
  if (!rows[0]) return null;
  await tx.query(
    `update public.messages m set read_at = now()
       from public.messages t
      where t.id = $1 and coalesce(m.thread_id, m.id) = coalesce(t.thread_id, t.id)
        and m.direction = 'in' and m.read_at is null and m.created_at <= t.created_at`, [id]);
  const left = await tx.query<{ n: number }>(
    `select count(*)::int as n from public.messages where coalesce(thread_id, id) = $1 and direction = 'in' and read_at is null`, [rows[0].thread]);
  return { threadId: rows[0].thread, unreadCount: left.rows[0].n };
}

interface CandidateRow {
  id: number; name: string; email: string | null; phone: string | null; whatsappNumber: string | null;
  jobFunction: string | null; skillTags: string[]; location: string | null;
  /** public.contact_blockers() for the channel asked: the one eligibility rule. */
  blockers: ContactBlocker[];
}

async function loadCandidate(tx: Tx, id: number, channel: 'email' | 'whatsapp'): Promise<CandidateRow | null> {
  const { rows } = await tx.query<CandidateRow>(
    `select c.id, c.name, c.email::text, c.phone, c.whatsapp_number as "whatsappNumber", c.job_function as "jobFunction",
            c.skill_tags as "skillTags", c.location, public.contact_blockers(c, $2) as blockers
       from public.candidates c where c.id = $1`, [id, channel]);
  return rows[0] ?? null;
}

/**
 * One text as the candidate gets it (domain/placeholders personalise, in the text's own language); refuses a
 * text that still has a blank only the recruiter can fill.
 */
function personalisedOrRefused(text: string, candidate: CandidateRow, values: SendTimeValues, bookingLink: string | undefined, field: string): string {
  const filled = personalise(text, candidate, detectLanguage(text), values, bookingLink);
  const left = placeholdersIn(filled);
  if (left.length) {
    throw new MessagingError('refused', say('placeholders_left', { placeholders: left.map((name) => `{{${name}}}`).join(', '), field }), field);
  }
  return filled;
}

/**
 * The channel a reply without one goes back on: the one the candidate last wrote on in that thread (the
 * message replied to, if it is theirs), WhatsApp only while they may be messaged there; else email.
 */
async function replyChannel(tx: Tx, originalMessageId: number): Promise<Channel> {
  const { rows: [used] } = await tx.query<{ channel: Channel; blocked: boolean }>(
    `select m.channel, cardinality(public.contact_blockers(c, 'whatsapp')) > 0 as blocked
       from public.messages o
       join public.messages m on coalesce(m.thread_id, m.id) = coalesce(o.thread_id, o.id) and m.direction = 'in'
       join public.candidates c on c.id = m.candidate_id
      where o.id = $1
      order by (m.id = o.id) desc, m.created_at desc, m.id desc limit 1`, [originalMessageId]);
  return used?.channel === 'whatsapp' && !used.blocked ? 'whatsapp' : 'email';
}

/** Stores an outbound message (status queued) after the consent checks; the caller enqueues its delivery. */
export async function createMessage(tx: Tx, candidateId: number, input: NewMessage, sender: { id: string; displayName: string },
  publicUrl: string, whatsapp: WhatsAppConfig = loadWhatsAppConfig()): Promise<Message> {
  const channel: Channel = input.channel ?? (input.kind === 'reply' ? await replyChannel(tx, input.originalMessageId) : 'email');
  const candidate = await loadCandidate(tx, candidateId, channel);
  if (!candidate) throw new MessagingError('not_found', 'candidate_not_found', 'candidateId');
  if (candidate.blockers.length) throw new MessagingError('refused', blockerCode(candidate.blockers[0]), 'channel');
  // WhatsApp: a valid number, and outside the 24-hour window only an approved template (domain/whatsapp/channel.ts).
  if (channel === 'whatsapp') await checkWhatsAppSend(tx, candidateId, input.whatsappTemplate, whatsapp);

  let threadId: number | null = null;
  let originalId: number | null = null;
  let subject = input.subject;
  if (input.kind === 'reply') {
    // A message without a subject (WhatsApp) answered by email: the thread's latest subject, else the start of
    // what the candidate wrote, as a person answering it by mail would title it.
    const { rows } = await tx.query<{ id: number; candidate_id: number; thread_id: number | null; subject: string | null }>(
      `select o.id, o.candidate_id, o.thread_id,
              coalesce(o.subject,
                (select t.subject from public.messages t
                  where coalesce(t.thread_id, t.id) = coalesce(o.thread_id, o.id) and nullif(trim(t.subject), '') is not null
                  order by t.id desc limit 1),
                nullif(left(trim(regexp_replace(o.content, '\\s+', ' ', 'g')), 60), '')) as subject
         from public.messages o where o.id = $1`, [input.originalMessageId]);
    const original = rows[0];
    if (!original) throw new MessagingError('not_found', 'original_message_not_found', 'originalMessageId');
    if (original.candidate_id !== candidateId) {
      throw new MessagingError('refused', 'original_message_other_candidate', 'originalMessageId');
    }
    threadId = original.thread_id ?? original.id;
    originalId = original.id;
    subject = replySubject(subject ?? original.subject);
  }
  // A WhatsApp message has no subject.
  if (channel === 'whatsapp') subject = null;
  // {{recruiterName}}, {{signature}} and {{company}} as a campaign fills them; {{bookingLink}}: a link of the sender's for this candidate, made now.
  const values = await sendTimeValuesOf(tx, { id: sender.id, name: sender.displayName });
  const template = input.whatsappTemplate;
  const bookingLink = usesBookingLink(input.content, subject ?? '', ...(template?.parameters ?? []))
    ? bookingUrl(publicUrl, (await createBookingLinks(tx, sender.id, [candidateId], {
      meetingTypeId: (input.kind === 'compose' ? input.bookingMeetingTypeId : null) ?? undefined,
    })).get(candidateId)!.token)
    : undefined;
  const filledTemplate = template && {
    ...template, parameters: template.parameters.map((text) => personalisedOrRefused(text, candidate, values, bookingLink, 'whatsappTemplate.parameters')),
  };
  const content = input.content
    ? personalisedOrRefused(input.content, candidate, values, bookingLink, 'content')
    : templateText(filledTemplate!);
  if (subject) subject = personalisedOrRefused(subject, candidate, values, bookingLink, 'subject');

  const { rows } = await tx.query<{ id: number }>(
    `insert into public.messages (candidate_id, thread_id, original_message_id, direction, channel, subject, content,
                                  status, allow_whatsapp_replies, sender_id, whatsapp_template)
     values ($1, $2, $3, 'out', $4, $5, $6, 'queued', $7, $8, $9) returning id`,
    [candidateId, threadId, originalId, channel, subject, content,
      input.kind === 'compose' ? input.allowWhatsAppReplies : true, sender.id, filledTemplate ? JSON.stringify(filledTemplate) : null]);
  await markLinksSent(tx, candidateId, content);
  return (await getMessage(tx, rows[0].id))!;
}
