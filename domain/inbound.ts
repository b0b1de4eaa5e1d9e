// Inbound email (a candidate's reply): parse, find its thread, store it as an
// inbound message with a sentiment, and act on a request to be removed.
// Threading tries, in order: In-Reply-To, References, the reply token in the
// address it was sent to (reply+<token>@...), "[ref:<token>]" in the subject,
// then the token in the quoted text; else the sender's address starts a new
// thread; else the mail is kept aside in inbound_unmatched.
import { simpleParser, type AddressObject } from 'mailparser';
import type pg from 'pg';
import { asService, type Tx } from './db/request.ts';
import { classifySentiment } from './ai/sentiment.ts';

export type MatchedBy = 'in-reply-to' | 'references' | 'reply-address' | 'subject' | 'quoted-text' | 'sender';

export type InboundResult =
  | { status: 'stored'; messageId: number; threadId: number; candidateId: number; matchedBy: MatchedBy; sentiment: string; removalRequested: boolean }
  | { status: 'duplicate'; messageId: number | null }
  | { status: 'unmatched'; unmatchedId: number; reason: string };

const TOKEN = '[0-9a-f]{24}';
const REF_TAG = new RegExp(`\\s*\\[ref:(${TOKEN})\\]`, 'i');

const QUOTE_MARKERS = [
  /^[ \t]*On [^\n]*(\n[^\n]*)?wrote:[ \t]*$/m, // Gmail / Apple Mail, possibly wrapped over two lines
  /^[ \t]*Op [^\n]*(\n[^\n]*)?(schreef|geschreven)[^\n]*:[ \t]*$/m, // the same in Dutch
  /^[ \t]*-{2,}[ \t]*(Original Message|Oorspronkelijk bericht|Forwarded message|Doorgestuurd bericht)[ \t]*-{2,}/im,
  /^[ \t]*_{10,}[ \t]*$/m, // Outlook's rule above the quoted header block
  /^[ \t]*(From|Van):[^\n]*\n[ \t]*(Sent|Date|Verzonden|Datum):/m,
  /^[ \t]*>/m,
];

/** The new text of a reply, without the quoted message below it. */
export function replyText(text: string): string {
  const normalised = text.replace(/\r\n/g, '\n');
  let cut = normalised.length;
  for (const marker of QUOTE_MARKERS) {
    const match = marker.exec(normalised);
    if (match && match.index < cut) cut = match.index;
  }
  const reply = normalised.slice(0, cut).replace(/\n-- \n[\s\S]*$/, '').trim();
  return reply || normalised.trim();
}

function addressesOf(field: AddressObject | AddressObject[] | undefined): string[] {
  return [field ?? []].flat().flatMap((group) => group.value.map((a) => a.address ?? '')).filter(Boolean);
}

function messageIds(value: string | string[] | undefined): string[] {
  return [value ?? []].flat().flatMap((v) => v.match(/<[^<>\s]+>/g) ?? []);
}

interface Thread { id: number; candidate_id: number; thread_id: number | null; campaign_id: number | null; provider_message_id: string | null; reply_token: string }

async function findThread(tx: Tx, ids: { inReplyTo: string[]; references: string[] }, tokens: Array<[MatchedBy, string[]]>) {
  const all = [...ids.inReplyTo, ...ids.references];
  if (all.length) {
    const { rows } = await tx.query<Thread>(
      `select id, candidate_id, thread_id, campaign_id, provider_message_id, reply_token from public.messages where provider_message_id = any($1)`, [all]);
    const byId = new Map(rows.map((row) => [row.provider_message_id, row]));
    const parent = ids.inReplyTo.map((id) => byId.get(id)).find(Boolean);
    if (parent) return { original: parent, matchedBy: 'in-reply-to' as const };
    // The last entry of References is the most recent message of the thread.
    const latest = [...ids.references].reverse().map((id) => byId.get(id)).find(Boolean);
    if (latest) return { original: latest, matchedBy: 'references' as const };
  }
  for (const [matchedBy, list] of tokens) {
    if (!list.length) continue;
    const { rows } = await tx.query<Thread>(
      `select id, candidate_id, thread_id, campaign_id, provider_message_id, reply_token from public.messages where reply_token = any($1)`, [list]);
    if (rows[0]) return { original: rows[0], matchedBy };
  }
  return null;
}

export async function receiveInboundEmail(app: pg.Pool, raw: Buffer | string): Promise<InboundResult> {
  const parsed = await simpleParser(raw, { skipImageLinks: true });
  const from = parsed.from?.value[0]?.address?.toLowerCase() ?? null;
  const subject = parsed.subject ?? '';
  const text = parsed.text ?? (parsed.html ? parsed.html.replace(/<[^>]+>/g, ' ') : '');
  const headerId = parsed.messageId ?? null;
  const envelope = ['delivered-to', 'x-original-to', 'envelope-to']
    .flatMap((name) => [parsed.headers.get(name) ?? []].flat().map(String));
  const recipients = [...addressesOf(parsed.to), ...addressesOf(parsed.cc), ...envelope];
  const tokensIn = (pattern: RegExp, values: string[]) => [...new Set(values.flatMap((v) => [...v.matchAll(pattern)].map((m) => m[1].toLowerCase())))];
  const tokens: Array<[MatchedBy, string[]]> = [
    ['reply-address', tokensIn(new RegExp(`\\+(${TOKEN})@`, 'gi'), recipients)],
    ['subject', tokensIn(new RegExp(`\\[ref:(${TOKEN})\\]`, 'gi'), [subject])],
    ['quoted-text', tokensIn(new RegExp(`(?:\\[ref:|/unsubscribe/)(${TOKEN})`, 'gi'), [text])],
  ];
  const reply = replyText(text);
  const cleanSubject = subject.replace(REF_TAG, '').trim() || null;

  return asService(app, async (tx) => {
    if (headerId) {
      const seen = await tx.query<{ id: number }>('select id from public.messages where provider_message_id = $1', [headerId]);
      if (seen.rows[0]) return { status: 'duplicate', messageId: seen.rows[0].id };
    }
    const thread = await findThread(tx, { inReplyTo: messageIds(parsed.inReplyTo), references: messageIds(parsed.references) }, tokens);
    let candidateId = thread?.original.candidate_id;
    if (!candidateId && from) {
      const known = await tx.query<{ id: number }>('select id from public.candidates where email = $1', [from]);
      candidateId = known.rows[0]?.id;
    }
    if (!candidateId) {
      const reason = from ? `Unknown sender ${from} and no reference to a sent message` : 'No sender address and no reference to a sent message';
      const kept = await tx.query<{ id: number }>(
        `insert into public.inbound_unmatched (internet_message_id, from_address, to_addresses, subject, text_body, reason, raw)
         values ($1, $2, $3, $4, $5, $6, $7)
         on conflict (internet_message_id) do update set received_at = inbound_unmatched.received_at returning id`,
        [headerId, from, recipients.join(', '), subject, text.slice(0, 100_000), reason, raw.toString()]);
      return { status: 'unmatched', unmatchedId: kept.rows[0].id, reason };
    }

    const verdict = classifySentiment(reply);
    const original = thread?.original ?? null;
    const inserted = await tx.query<{ id: number }>(
      `insert into public.messages (candidate_id, thread_id, original_message_id, campaign_id, direction, channel, subject, content,
                                    sentiment, removal_requested, status, provider_message_id)
       values ($1, $2, $3, $4, 'in', 'email', $5, $6, $7, $8, 'received', $9)
       on conflict (provider_message_id) where provider_message_id is not null do nothing
       returning id`,
      [candidateId, original ? (original.thread_id ?? original.id) : null, original?.id ?? null, original?.campaign_id ?? null,
        cleanSubject, reply, verdict.sentiment, verdict.removalRequested, headerId]);
    if (!inserted.rows[0]) return { status: 'duplicate', messageId: null };
    const messageId = inserted.rows[0].id;
    await tx.query(
      `insert into public.engagement_events (candidate_id, message_id, campaign_id, kind, metadata) values ($1, $2, $3, 'reply', $4)`,
      [candidateId, original?.id ?? messageId, original?.campaign_id ?? null, JSON.stringify({ replyMessageId: messageId, sentiment: verdict.sentiment })]);
    if (verdict.removalRequested) await withdrawEmailConsent(tx, candidateId, messageId, original?.campaign_id ?? null, reply);
    return {
      status: 'stored', messageId, threadId: original ? (original.thread_id ?? original.id) : messageId, candidateId,
      matchedBy: thread?.matchedBy ?? 'sender', sentiment: verdict.sentiment, removalRequested: verdict.removalRequested,
    };
  });
}

/** A reply asking to be removed withdraws email consent through the ledger (source 'reply'). */
async function withdrawEmailConsent(tx: Tx, candidateId: number, messageId: number, campaignId: number | null, reply: string) {
  const { rows } = await tx.query<{ allows_email: boolean; unsubscribed_at: Date | null }>(
    'select allows_email, unsubscribed_at from public.candidates where id = $1', [candidateId]);
  if (!rows[0] || (!rows[0].allows_email && rows[0].unsubscribed_at)) return;
  await tx.query(
    `insert into public.consent_events (candidate_id, channel, granted, source, wording) values ($1, 'email', false, 'reply', $2)`,
    [candidateId, `Reply (message ${messageId}) asked to stop: "${reply.slice(0, 300)}"`]);
  await tx.query(
    `insert into public.engagement_events (candidate_id, message_id, campaign_id, kind, metadata) values ($1, $2, $3, 'unsubscribe', '{"source":"reply"}')`,
    [candidateId, messageId, campaignId]);
}
