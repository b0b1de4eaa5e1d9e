// A candidate's answer, stored the same way whichever channel brought it (an email
// reply: ./inbound-email.server.ts; a WhatsApp message: ./inbound-whatsapp.server.ts):
// an inbound message in the thread it answers with the reading of its words, a
// 'reply' engagement event and the candidate's language (while unknown) unless it is an
// out-of-office, and, when it asks to stop, that channel's consent withdrawn through the ledger.
import type { SentimentResult } from '../ai/sentiment.ts';
import { recordCandidateConsent } from '../consent/ledger.server.ts';
import { setLanguageIfUnknown } from '../candidates/candidates.server.ts';
import { clearLanguage } from '../placeholders/placeholders.ts';
import type { Tx } from '../../platform/db/request.server.ts';
import type { Channel } from './schemas.ts';

/** The message of ours it answers (its thread and campaign), if any. */
export interface AnsweredMessage { id: number; thread_id: number | null; campaign_id: number | null }

export interface InboundReply {
  candidateId: number;
  channel: Channel;
  original: AnsweredMessage | null;
  subject: string | null;
  content: string;
  verdict: SentimentResult;
  /** The provider's own id (Message-ID, wamid): a second delivery of it stores nothing. */
  providerId: string | null;
}

/** Stores the reply and its 'reply' event; the new message's id, or null when it was stored before. */
export async function storeInboundReply(tx: Tx, reply: InboundReply): Promise<number | null> {
  const { candidateId, channel, original, verdict } = reply;
  const { rows: [inserted] } = await tx.query<{ id: number }>(
    `insert into public.messages (candidate_id, thread_id, original_message_id, campaign_id, direction, channel, subject, content,
                                  sentiment, removal_requested, opt_out_review, auto_reply, auto_reply_until, status, provider_message_id)
     values ($1, $2, $3, $4, 'in', $5, $6, $7, $8, $9, $10, $11, $12, 'received', $13)
     on conflict (provider_message_id) where provider_message_id is not null do nothing
     returning id`,
    [candidateId, original ? (original.thread_id ?? original.id) : null, original?.id ?? null, original?.campaign_id ?? null, channel,
      reply.subject, reply.content, verdict.sentiment, verdict.removalRequested, verdict.optOut === 'review', verdict.autoReply,
      verdict.autoReplyUntil, reply.providerId]);
  if (!inserted) return null;
  // An out-of-office is not the candidate engaging: no 'reply' engagement event for it.
  if (!verdict.autoReply) {
    await tx.query(
      `insert into public.engagement_events (candidate_id, message_id, campaign_id, kind, metadata) values ($1, $2, $3, 'reply', $4)`,
      [candidateId, original?.id ?? inserted.id, original?.campaign_id ?? null,
        JSON.stringify({ replyMessageId: inserted.id, sentiment: verdict.sentiment, ...(channel === 'email' ? {} : { channel }) })]);
    // The language they write in, when it is clear (a short "Thanks!" is not) and none is known yet. An automatic
    // reply is left out: it is often in their company's language, not theirs.
    const language = clearLanguage(reply.content);
    if (language) await setLanguageIfUnknown(tx, candidateId, language);
  }
  return inserted.id;
}

/** Per channel: the ledger's source and how the evidence names the message. */
const STOP_REQUEST = {
  email: { source: 'reply', what: 'Reply' },
  whatsapp: { source: 'whatsapp_reply', what: 'WhatsApp message' },
} as const;

/**
 * A reply asking to be removed withdraws consent to its channel through the ledger, with an 'unsubscribe'
 * engagement event. Idempotent: answers whether consent was withdrawn now.
 */
export async function withdrawConsentByReply(tx: Tx, reply: { candidateId: number; channel: Channel; messageId: number; campaignId: number | null; text: string }): Promise<boolean> {
  const { source, what } = STOP_REQUEST[reply.channel];
  const written = await recordCandidateConsent(tx, {
    candidateId: reply.candidateId, channel: reply.channel, granted: false, source,
    wording: `${what} (message ${reply.messageId}) asked to stop: "${reply.text.slice(0, 300)}"`,
  });
  if (!written) return false;
  await tx.query(
    `insert into public.engagement_events (candidate_id, message_id, campaign_id, kind, metadata) values ($1, $2, $3, 'unsubscribe', $4)`,
    [reply.candidateId, reply.messageId, reply.campaignId, JSON.stringify({ source })]);
  return true;
}
