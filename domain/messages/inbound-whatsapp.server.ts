// Meta's WhatsApp webhook: the events it carries (its signature: ../whatsapp/signature.ts). Each
// event is recorded once in public.whatsapp_events (a message by its wamid, a
// status by wamid and status), whatever it matched: a repeated delivery writes
// nothing, an unknown number loses nothing. A candidate's message is stored as
// an inbound message in their thread (beside email) with the same reading as
// an email reply (sentiment, auto-reply, opt-out: domain/ai/sentiment.ts); a
// request to stop ("STOP", "stoppen", "afmelden") withdraws WhatsApp consent
// through the ledger (source whatsapp_reply). A status is recorded on the
// outbound message with that wamid: sent → delivered → read, or failed with
// the reason.
import type pg from 'pg';
import { asService, type Tx } from '../../platform/db/request.server.ts';
import { classifySentiment } from '../ai/sentiment.ts';
import { storeInboundReply, withdrawConsentByReply, type AnsweredMessage } from './inbound-reply.server.ts';
import { explainError, type WhatsAppError } from '../whatsapp/cloud-api.server.ts';
import { candidateWhatsAppNumber, fromWaId, numberTail } from '../whatsapp/numbers.ts';
import { DELIVERY_STATUSES, type DeliveryStatus, type InboundWhatsAppMessage, type WhatsAppStatusEvent, type WhatsAppWebhook, type WhatsAppWebhookResult } from '../whatsapp/schemas.ts';

/** What a candidate's message says, as text for the thread. */
export function messageText(message: InboundWhatsAppMessage): string | null {
  if (message.type === 'reaction') return null;
  if (message.text?.body !== undefined) return message.text.body;
  if (message.button?.text) return message.button.text;
  const interactive = message.interactive?.button_reply?.title ?? message.interactive?.list_reply?.title;
  if (interactive) return interactive;
  const media = (message as Record<string, unknown>)[message.type] as { caption?: unknown } | undefined;
  const caption = typeof media?.caption === 'string' && media.caption.trim() ? `: ${media.caption}` : '';
  return `[${message.type}${caption ? '' : ' message'}]${caption}`;
}

const unixTime = (value: string | undefined) => (value ? new Date(Number(value) * 1000) : null);

export interface ReceivedWebhook extends Omit<WhatsAppWebhookResult, 'received'> {
  /** The inbound messages stored (for the sentiment job). */
  storedIds: number[];
}

export async function receiveWhatsAppWebhook(app: pg.Pool, payload: WhatsAppWebhook): Promise<ReceivedWebhook> {
  const result: ReceivedWebhook = { stored: 0, statuses: 0, duplicates: 0, unmatched: 0, optOuts: 0, storedIds: [] };
  return asService(app, async (tx) => {
    for (const change of payload.entry.flatMap((entry) => entry.changes)) {
      for (const message of change.value.messages ?? []) await receiveMessage(tx, message, result);
      for (const status of change.value.statuses ?? []) await receiveStatus(tx, status, result);
    }
    return result;
  });
}

/** Writes the event once; null when it was received before. */
async function recordEvent(tx: Tx, event: { key: string; kind: 'message' | 'status'; wamid: string; status?: string; phone: string | null;
  occurredAt: Date | null; payload: unknown; errorCode?: number | null; reason?: WhatsAppError | null }): Promise<number | null> {
  const { rows } = await tx.query<{ id: number }>(
    `insert into public.whatsapp_events (dedupe_key, kind, wamid, status, phone, occurred_at, payload, error_code, error_text,
                                         reason_code, reason_params, outcome)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'received')
     on conflict (dedupe_key) do nothing returning id`,
    [event.key, event.kind, event.wamid, event.status ?? null, event.phone, event.occurredAt, JSON.stringify(event.payload),
      event.errorCode ?? null, event.reason?.message ?? null, event.reason?.said.code ?? null, event.reason?.said.params ?? null]);
  return rows[0]?.id ?? null;
}

const settleEvent = (tx: Tx, id: number, outcome: string, candidateId: number | null, messageId: number | null) => tx.query(
  'update public.whatsapp_events set outcome = $2, candidate_id = $3, message_id = $4 where id = $1', [id, outcome, candidateId, messageId]);

/**
 * The candidate with this number (E.164, compared exactly after the index finds the last nine digits):
 * their WhatsApp number before their phone; of several, the one we last wrote to on WhatsApp, else the newest.
 */
export async function candidateByNumber(tx: Tx, e164: string): Promise<number | null> {
  const { rows } = await tx.query<{ id: number; whatsappNumber: string | null; phone: string | null }>(
    `select c.id, c.whatsapp_number as "whatsappNumber", c.phone from public.candidates c
      where right(public.phone_digits(c.whatsapp_number), 9) = $1 or right(public.phone_digits(c.phone), 9) = $1
      order by (select max(m.created_at) from public.messages m where m.candidate_id = c.id and m.channel = 'whatsapp') desc nulls last, c.id desc`,
    [numberTail(e164)]);
  return rows.find((row) => candidateWhatsAppNumber(row) === e164)?.id ?? null;
}

async function receiveMessage(tx: Tx, message: InboundWhatsAppMessage, result: ReceivedWebhook) {
  const phone = fromWaId(message.from);
  const receivedAt = unixTime(message.timestamp) ?? new Date();
  const eventId = await recordEvent(tx, { key: `message:${message.id}`, kind: 'message', wamid: message.id, phone, occurredAt: receivedAt, payload: message });
  if (eventId === null) { result.duplicates++; return; }
  const text = messageText(message);
  const candidateId = phone ? await candidateByNumber(tx, phone) : null;
  if (text === null || candidateId === null) {
    result.unmatched++;
    await settleEvent(tx, eventId, text === null ? 'ignored' : 'unknown_number', candidateId, null);
    return;
  }
  // The message it answers (Meta's context), else the candidate's latest thread, whatever its channel.
  const { rows: [original] } = await tx.query<AnsweredMessage>(
    `select id, thread_id, campaign_id from public.messages where candidate_id = $1
      order by (provider_message_id = $2) desc nulls last, created_at desc, id desc limit 1`, [candidateId, message.context?.id ?? null]);
  const verdict = classifySentiment(text, { receivedAt });
  const messageId = await storeInboundReply(tx, {
    candidateId, channel: 'whatsapp', original: original ?? null, subject: null, content: text, verdict, providerId: message.id,
  });
  if (messageId === null) { result.duplicates++; await settleEvent(tx, eventId, 'duplicate', candidateId, null); return; }
  if (verdict.removalRequested
    && await withdrawConsentByReply(tx, { candidateId, channel: 'whatsapp', messageId, campaignId: original?.campaign_id ?? null, text })) {
    result.optOuts++;
  }
  result.stored++;
  result.storedIds.push(messageId);
  await settleEvent(tx, eventId, 'stored', candidateId, messageId);
}

async function receiveStatus(tx: Tx, status: WhatsAppStatusEvent, result: ReceivedWebhook) {
  const error = status.errors?.[0];
  const reason = error ? explainError(400, { code: error.code, message: error.title ?? error.message, error_data: error.error_data }) : null;
  const eventId = await recordEvent(tx, {
    key: `status:${status.id}:${status.status}`, kind: 'status', wamid: status.id, status: status.status,
    phone: status.recipient_id ? fromWaId(status.recipient_id) : null, occurredAt: unixTime(status.timestamp), payload: status,
    errorCode: error?.code ?? null, reason,
  });
  if (eventId === null) { result.duplicates++; return; }
  const known = (DELIVERY_STATUSES as readonly string[]).includes(status.status) ? status.status as DeliveryStatus : null;
  // The lock the worker's record of a wamid takes too (migration 20261126001300): a record in progress is
  // waited for, so its wamid is seen here, or this event is seen by its trigger.
  await tx.query('select public.lock_whatsapp_status_matching()');
  const { rows: [message] } = await tx.query<{ id: number; candidate_id: number }>(
    `select id, candidate_id from public.messages where provider_message_id = $1 and direction = 'out' and channel = 'whatsapp'`, [status.id]);
  if (!message || !known) {
    result.unmatched++;
    await settleEvent(tx, eventId, message ? 'ignored' : 'unknown_message', message?.candidate_id ?? null, message?.id ?? null);
    return;
  }
  // Out of order (read before delivered) only a further one is kept; failed always is (the SQL function is the rule).
  // Without Meta's reason the SQL function says 'delivery.whatsapp_undelivered'.
  await tx.query('select public.apply_whatsapp_status($1, $2, $3, $4, $5, $6)',
    [message.id, known, unixTime(status.timestamp), reason?.message ?? null, reason?.said.code ?? null, reason?.said.params ?? null]);
  result.statuses++;
  await settleEvent(tx, eventId, 'status_recorded', message.candidate_id, message.id);
}
