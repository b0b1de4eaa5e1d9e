// Inbound email (a candidate's reply): parse, find its thread, store what the
// candidate wrote (domain/mail/reply-text.ts: no quoted history, no footer)
// with its sentiment, auto-reply label and opt-out reading, and act on a
// request to be removed. Threading tries, in order: In-Reply-To, References,
// the reply token in the address it was sent to (reply+<token>@..., also when
// only Delivered-To has it), "[ref:<token>]" in the subject (mail sent before
// the tag was dropped), then the token in the quoted text; else the sender's
// address starts a new thread; else the mail is kept aside in
// inbound_unmatched. Mail to the List-Unsubscribe address
// (reply+unsubscribe-<token>@...) unsubscribes and is not stored as a reply.
// A bounce (delivery-status notification) is read before all of that
// (domain/mail/dsn.ts, bounces.ts): it often carries In-Reply-To of our mail and
// must never become the candidate's reply.
import type { ParsedMail } from 'mailparser';
import type pg from 'pg';
import { asService, type Tx } from '../../platform/db/request.server.ts';
import { classifySentiment } from '../ai/sentiment.ts';
import { storeInboundReply, withdrawConsentByReply } from './inbound-reply.server.ts';
import { parseInboundMail } from '../mail/inbound-guard.server.ts';
import { readReply } from '../mail/reply-text.server.ts';
import { unsubscribe } from '../consent/unsubscribe.server.ts';
import type { InboundResult, MatchedBy } from './inbound-email-schemas.ts';
import { coded, say, type Said } from '../i18n/codes.ts';
import { englishText } from '../i18n/english.ts';
import { looksLikeBounce, parseDeliveryReport, type DeliveryReport } from '../mail/dsn.server.ts';
import { failedRecipient, recordBounce } from '../mail/bounces.server.ts';

const TOKEN = '[0-9a-f]{24}';
const REF_TAG = new RegExp(`\\s*\\[ref:(${TOKEN})\\]`, 'i');
const UNSUBSCRIBE_ADDRESS = new RegExp(`\\+unsubscribe-(${TOKEN})@`, 'i');
const REPLY_PREFIX = /^\s*((re|aw|antw|sv|vs|wg|fw|fwd|doorst|tr|rif|r)\s*(\[\d+\])?\s*:\s*)+/i;

/**
 * The addresses in an address header, whatever shape mailparser gives it: an
 * address object (To, Cc, Delivered-To), a list of them, or a plain string.
 * String() of an address object is "[object Object]", so read .value[].address and .text.
 */
export function headerAddresses(value: unknown): string[] {
  if (!value) return [];
  if (Array.isArray(value)) return value.flatMap(headerAddresses);
  if (typeof value === 'string') return [value];
  if (typeof value !== 'object') return [];
  const field = value as { value?: Array<{ address?: string; group?: Array<{ address?: string }> }>; text?: string };
  const listed = (field.value ?? []).flatMap((entry) => [entry.address ?? '', ...(entry.group ?? []).map((member) => member.address ?? '')]);
  return [...listed, field.text ?? ''].filter(Boolean);
}

/** Every address the mail was sent to: To, Cc and the envelope headers the receiving server added. */
export function recipientAddresses(parsed: Pick<ParsedMail, 'to' | 'cc' | 'headers'>): string[] {
  const envelope = ['delivered-to', 'x-original-to', 'envelope-to', 'x-delivered-to'].map((name) => parsed.headers.get(name));
  return [...new Set([parsed.to, parsed.cc, ...envelope].flatMap(headerAddresses).map((address) => address.trim()))];
}

function messageIds(value: string | string[] | undefined): string[] {
  return [value ?? []].flat().flatMap((v) => v.match(/<[^<>\s]+>/g) ?? []);
}

interface Thread { id: number; candidate_id: number; thread_id: number | null; campaign_id: number | null; provider_message_id: string | null; reply_token: string; subject: string | null }
const THREAD_COLUMNS = 'id, candidate_id, thread_id, campaign_id, provider_message_id, reply_token, subject';

async function findThread(tx: Tx, ids: { inReplyTo: string[]; references: string[] }, tokens: Array<[MatchedBy, string[]]>) {
  const all = [...ids.inReplyTo, ...ids.references];
  if (all.length) {
    const { rows } = await tx.query<Thread>(
      `select ${THREAD_COLUMNS} from public.messages where provider_message_id = any($1)`, [all]);
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
      `select ${THREAD_COLUMNS} from public.messages where reply_token = any($1)`, [list]);
    if (rows[0]) return { original: rows[0], matchedBy };
  }
  return null;
}

/** A header as text: mailparser gives most as strings, some as objects (address, structured) or arrays of them. */
const headerText = (parsed: ParsedMail, name: string): string | null => {
  const value = parsed.headers.get(name);
  if (value === undefined || typeof value === 'string') return value ?? null;
  if (Array.isArray(value)) return value.map((part) => (typeof part === 'string' ? part : part.value)).join(',');
  if (value instanceof Date) return value.toISOString();
  return 'text' in value ? value.text : value.value;
};

/** The subject without "Re:"-style prefixes and our "[ref:...]" tag. */
const bareSubject = (subject: string | null | undefined) => (subject ?? '').replace(REF_TAG, '').replace(REPLY_PREFIX, '').trim();

/** A mail to reply+unsubscribe-<token>@...: unsubscribes the candidate of that message, like the one-click link. */
async function listUnsubscribe(app: pg.Pool, token: string, parsed: ParsedMail, raw: Buffer | string, recipients: string[]): Promise<InboundResult> {
  const outcome = await unsubscribe(app, token, 'list_unsubscribe_mailto');
  return asService(app, async (tx) => {
    const { rows } = await tx.query<{ id: number; candidate_id: number }>('select id, candidate_id from public.messages where reply_token = $1', [token]);
    if (outcome !== 'not_found' && rows[0]) return { status: 'unsubscribed', candidateId: rows[0].candidate_id, messageId: rows[0].id, already: outcome.status === 'already' };
    return keepAside(tx, parsed, raw, recipients, 'unmatched.unsubscribe_unknown', parsed.text ?? '');
  });
}

/** Keeps the mail for a human, with why (its English in `reason`, its code beside it: decision 032). */
async function keepAside(tx: Tx, parsed: ParsedMail, raw: Buffer | string, recipients: string[], why: Said, text: string): Promise<InboundResult> {
  const reason = englishText(why);
  const { code, params } = coded(why);
  const kept = await tx.query<{ id: number }>(
    `insert into public.inbound_unmatched (internet_message_id, from_address, to_addresses, subject, text_body, reason, raw, reason_code, reason_params)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     on conflict (internet_message_id) do update set received_at = inbound_unmatched.received_at returning id`,
    [parsed.messageId ?? null, parsed.from?.value[0]?.address?.toLowerCase() ?? null, recipients.join(', '), parsed.subject ?? '',
      text.slice(0, 100_000), reason, raw.toString(), code, params ?? null]);
  return { status: 'unmatched', unmatchedId: kept.rows[0].id, reason, ...coded(why) };
}

/** `mailbox`: the recruiter's own mailbox it was read from (domain/messages/mailbox-sync.server.ts), kept on the message. */
export async function receiveInboundEmail(app: pg.Pool, raw: Buffer | string, options: { mailbox?: string } = {}): Promise<InboundResult> {
  // Unreadable mail is kept aside and refused (413/422) before anything below sees it.
  // HTML is read by reply-text.ts (every <body>, quotes marked), not by mailparser's converter.
  const parsed = await parseInboundMail(app, raw, { skipImageLinks: true, skipHtmlToText: true });
  const from = parsed.from?.value[0]?.address?.toLowerCase() ?? null;
  const subject = parsed.subject ?? '';
  const headerId = parsed.messageId ?? null;
  const recipients = recipientAddresses(parsed);
  const bounce = readBounce(raw);
  if (bounce) return receiveBounce(app, bounce, parsed, raw, recipients);
  const unsubscribeToken = recipients.map((address) => UNSUBSCRIBE_ADDRESS.exec(address)?.[1]).find(Boolean);
  if (unsubscribeToken) return listUnsubscribe(app, unsubscribeToken.toLowerCase(), parsed, raw, recipients);

  const reading = readReply({ text: parsed.text, html: parsed.html });
  const tokensIn = (pattern: RegExp, values: string[]) => [...new Set(values.flatMap((v) => [...v.matchAll(pattern)].map((m) => m[1].toLowerCase())))];
  const tokens: Array<[MatchedBy, string[]]> = [
    ['reply-address', tokensIn(new RegExp(`\\+(${TOKEN})@`, 'gi'), recipients)],
    ['subject', tokensIn(new RegExp(`\\[ref:(${TOKEN})\\]`, 'gi'), [subject])],
    ['quoted-text', tokensIn(new RegExp(`(?:\\[ref:|/unsubscribe/|\\+)(${TOKEN})`, 'gi'), [reading.full, parsed.html || ''])],
  ];
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
      return keepAside(tx, parsed, raw, recipients, from ? say('unmatched.unknown_sender', { from }) : 'unmatched.no_sender', reading.full);
    }

    const original = thread?.original ?? null;
    // A subject the candidate typed ("Unsubscribe") is their words too; "Re: <our subject>" is not.
    const ownSubject = bareSubject(subject) && bareSubject(subject).toLowerCase() !== bareSubject(original?.subject).toLowerCase()
      ? bareSubject(subject) : null;
    const verdict = classifySentiment(reading.visible, {
      subject, ownSubject, receivedAt: parsed.date ?? new Date(),
      headers: {
        autoSubmitted: headerText(parsed, 'auto-submitted'), xAutoreply: headerText(parsed, 'x-autoreply'),
        xAutorespond: headerText(parsed, 'x-autorespond'), precedence: headerText(parsed, 'precedence'),
      },
    });
    const messageId = await storeInboundReply(tx, {
      candidateId, channel: 'email', original, subject: cleanSubject, content: reading.visible, verdict, providerId: headerId,
    });
    if (messageId === null) return { status: 'duplicate', messageId: null };
    if (options.mailbox) await tx.query('update public.messages set mailbox = $2 where id = $1', [messageId, options.mailbox]);
    if (verdict.removalRequested) {
      await withdrawConsentByReply(tx, { candidateId, channel: 'email', messageId, campaignId: original?.campaign_id ?? null, text: reading.visible });
    }
    return {
      status: 'stored', messageId, threadId: original ? (original.thread_id ?? original.id) : messageId, candidateId,
      matchedBy: thread?.matchedBy ?? 'sender', sentiment: verdict.sentiment, removalRequested: verdict.removalRequested,
      optOutReview: verdict.optOut === 'review', autoReply: verdict.autoReply, autoReplyUntil: verdict.autoReplyUntil,
    };
  });
}

type BounceReading = { report: DeliveryReport } | { unreadable: Said };

/** The delivery report in the mail; a mail shaped like a bounce that cannot be read is still one (never a reply). */
function readBounce(raw: Buffer | string): BounceReading | null {
  try {
    const report = parseDeliveryReport(raw);
    if (report) return { report };
  } catch (error) {
    return { unreadable: say('unmatched.bounce_unreadable', { detail: (error as Error).message.slice(0, 200) }) };
  }
  return looksLikeBounce(raw) ? { unreadable: 'unmatched.bounce_no_status' } : null;
}

async function receiveBounce(app: pg.Pool, reading: BounceReading, parsed: ParsedMail, raw: Buffer | string, recipients: string[]): Promise<InboundResult> {
  const text = parsed.text ?? '';
  return asService(app, async (tx) => {
    if ('unreadable' in reading) return keepAside(tx, parsed, raw, recipients, reading.unreadable, text);
    const handled = await recordBounce(tx, reading.report);
    if (handled) return handled;
    const failed = failedRecipient(reading.report);
    const about = reading.report.recipients[0];
    // A report without a status, an action or a recipient says so in English inside the text (rare: DSNs name them).
    const reason = failed
      ? say('unmatched.bounce_unmatched', { status: failed.status ?? 'no status', recipient: failed.recipient ?? 'an unknown address' })
      : say('unmatched.report_not_bounce', {
        action: about?.action ?? 'no action', status: about?.status ?? 'no status', recipient: about?.recipient ?? 'an unknown address',
      });
    return keepAside(tx, parsed, raw, recipients, reason, text);
  });
}
