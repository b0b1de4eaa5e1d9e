// What a bounce does (domain/mail/dsn.ts reads it; migration 20261126000200).
// It is matched to the message it reports on: by the returned Message-ID (ours,
// from compose.ts internetMessageId), else by X-Talentloop-Message, else by the
// recipient's address and the latest email sent to it. Every bounce is an
// engagement event kind 'bounce' (metadata.type hard|soft), once per report:
// - hard (the address does not take mail): the address goes on the suppression
//   list (source 'bounce', not the candidate's opt-out), which blocks every
//   further send; sequences exit and auto-pause count on the event.
// - soft (mailbox full, try later): the message goes back to the queue with
//   send_after = now + backoff, at most SOFT_RETRY_DELAYS_MINUTES.length times,
//   then it is failed with the reason. The resend keeps its Message-ID.
import type { Tx } from '../../platform/db/request.server.ts';
import { mailJob, type JobRequest } from '../../platform/runtime/jobs.server.ts';
import type { Bounce } from '../candidates/bounce-schemas.ts';
import { coded, say } from '../i18n/codes.ts';
import { englishText } from '../i18n/english.ts';
import { bounceReason, bounceType, type BounceType, type DeliveryReport, type DsnRecipient } from './dsn.server.ts';

/** Waits before each soft-bounce resend: 30 minutes, 2 hours, 8 hours; a fourth soft bounce fails the message. */
export const SOFT_RETRY_DELAYS_MINUTES = [30, 120, 480] as const;
/** A bounce matched by the address alone must be about a mail sent this recently. */
const RECIPIENT_MATCH_DAYS = 30;

export type BounceOutcome = 'suppressed' | 'retry_scheduled' | 'gave_up' | 'recorded' | 'duplicate';

export interface BounceHandled {
  status: 'bounce';
  messageId: number;
  candidateId: number;
  bounce: Bounce;
  outcome: BounceOutcome;
  /** Which soft retry was scheduled (1..3), else null. */
  retry: number | null;
  retryAt: string | null;
}

interface Target { id: number; candidate_id: number; campaign_id: number | null; status: string; email: string | null }

const TARGET = `select m.id, m.candidate_id, m.campaign_id, m.status, c.email::text as email
                  from public.messages m join public.candidates c on c.id = m.candidate_id`;
const OURS = `m.direction = 'out' and m.channel = 'email'`;

/** The message the report is about, locked for this transaction (one bounce at a time per message). */
async function findMessage(tx: Tx, report: DeliveryReport, recipient: string | null): Promise<Target | null> {
  const { messageId, talentloopMessageId } = report.original;
  if (messageId) {
    // Our Message-ID names the row and its token's start, also when the send was not recorded yet.
    const own = /^<talentloop\.(\d{1,15})\.([0-9a-f]{1,8})@/i.exec(messageId);
    const { rows } = await tx.query<Target>(
      `${TARGET} where ${OURS} and (m.provider_message_id = $1 or (m.id = $2 and left(m.reply_token, 8) = $3))
        order by m.id limit 1 for update of m`, [messageId, own ? Number(own[1]) : null, own?.[2].toLowerCase() ?? null]);
    if (rows[0]) return rows[0];
  }
  if (talentloopMessageId) {
    // A bare number is easy to get wrong: it counts only when the address agrees.
    const { rows } = await tx.query<Target>(
      `${TARGET} where ${OURS} and m.id = $1 and ($2::text is null or lower(c.email::text) = $2) for update of m`,
      [talentloopMessageId, recipient]);
    if (rows[0]) return rows[0];
  }
  if (!recipient) return null;
  const { rows } = await tx.query<Target>(
    `${TARGET} where ${OURS} and lower(c.email::text) = $1 and m.sent_at > now() - make_interval(days => $2)
      order by m.sent_at desc, m.id desc limit 1 for update of m`, [recipient, RECIPIENT_MATCH_DAYS]);
  return rows[0] ?? null;
}

/** The recipient the report is about: the first that failed (our mails have one recipient each). */
export function failedRecipient(report: DeliveryReport): (DsnRecipient & { type: BounceType }) | null {
  for (const recipient of report.recipients) {
    const type = bounceType(recipient);
    if (type) return { ...recipient, type };
  }
  return null;
}

/**
 * Records the bounce on its message and acts on it; null when no message of
 * ours matches (the caller keeps the mail aside). A repeat of a report already
 * recorded (same report, or a second hard bounce of one message) changes nothing.
 */
export async function recordBounce(tx: Tx, report: DeliveryReport): Promise<BounceHandled | null> {
  const failed = failedRecipient(report);
  if (!failed) return null;
  const target = await findMessage(tx, report, failed.recipient);
  if (!target) return null;
  const recipient = failed.recipient ?? target.email?.toLowerCase() ?? null;
  const reason = bounceReason(failed.type, failed.status, failed.diagnostic);
  const metadata = {
    type: failed.type, status: failed.status, diagnostic: failed.diagnostic, recipient, reason,
    action: failed.action, dsn: report.reportId, source: report.source, reportingMta: report.reportingMta,
  };
  const base = { status: 'bounce' as const, messageId: target.id, candidateId: target.candidate_id, retry: null, retryAt: null };

  const seen = await tx.query<{ bounce: Bounce }>(
    `select public.bounce_json(e) as bounce from public.engagement_events e
      where e.message_id = $1 and e.kind = 'bounce' and (e.metadata ->> 'dsn' = $2 or ($3 = 'hard' and e.metadata ->> 'type' = 'hard'))
      order by e.id limit 1`, [target.id, report.reportId, failed.type]);
  if (seen.rows[0]) return { ...base, bounce: seen.rows[0].bounce, outcome: 'duplicate' };
  // One hard bounce per message; soft ones once per report (each send can bounce again).
  const dedupeKey = failed.type === 'hard' ? `bounce:${target.id}:hard` : `bounce:${target.id}:soft:${report.reportId}`;
  const inserted = await tx.query<{ bounce: Bounce }>(
    `insert into public.engagement_events as e (candidate_id, message_id, campaign_id, kind, metadata, dedupe_key)
     values ($1, $2, $3, 'bounce', $4, $5)
     on conflict (dedupe_key) where dedupe_key is not null do nothing
     returning public.bounce_json(e) as bounce`,
    [target.candidate_id, target.id, target.campaign_id, JSON.stringify(metadata), dedupeKey]);
  if (!inserted.rows[0]) return { ...base, bounce: (await latestBounce(tx, target.id))!, outcome: 'duplicate' };
  const bounce = inserted.rows[0].bounce;

  if (failed.type === 'hard') {
    await tx.query('select public.suppress_bounced_address($1, $2)', [recipient, reason]);
    // A resend waiting after an earlier soft bounce will not go out now: say why.
    // The bounce's own reason (its diagnostic): no code of ours.
    await tx.query(`update public.messages set status = 'failed', error = $2, error_code = null, error_params = null
      where id = $1 and status = 'queued'`, [target.id, reason]);
    return { ...base, bounce, outcome: 'suppressed' };
  }
  return { ...base, bounce, ...await retryOrGiveUp(tx, target, reason) };
}

/** A soft bounce of a sent message: queue it again after the backoff, or fail it after the last retry. */
async function retryOrGiveUp(tx: Tx, target: Target, reason: string): Promise<Pick<BounceHandled, 'outcome' | 'retry' | 'retryAt'>> {
  const { rows: [{ soft }] } = await tx.query<{ soft: number }>(
    `select count(*)::int as soft from public.engagement_events where message_id = $1 and kind = 'bounce' and metadata ->> 'type' = 'soft'`,
    [target.id]);
  // Queued or sending: a resend is already on its way, this report is about an earlier send.
  if (target.status !== 'sent') return { outcome: 'recorded', retry: null, retryAt: null };
  const delay = SOFT_RETRY_DELAYS_MINUTES[soft - 1];
  if (delay === undefined) {
    const gaveUp = say('delivery.bounce_gave_up', { reason, retries: SOFT_RETRY_DELAYS_MINUTES.length });
    await tx.query(`update public.messages set status = 'failed', error = $2, error_code = $3, error_params = $4 where id = $1`,
      [target.id, englishText(gaveUp), 'delivery.bounce_gave_up', coded(gaveUp).params]);
    return { outcome: 'gave_up', retry: null, retryAt: null };
  }
  const again = say('delivery.bounce_retry', { reason, retry: soft, retries: SOFT_RETRY_DELAYS_MINUTES.length });
  const { rows: [queued] } = await tx.query<{ at: string }>(
    `update public.messages set status = 'queued', send_after = now() + make_interval(mins => $2),
            error = $3, error_code = 'delivery.bounce_retry', error_params = $4
      where id = $1
      returning to_char(send_after at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at`,
    [target.id, delay, englishText(again), coded(again).params]);
  return { outcome: 'retry_scheduled', retry: soft, retryAt: queued.at };
}

async function latestBounce(tx: Tx, messageId: number): Promise<Bounce | null> {
  const { rows } = await tx.query<{ bounce: Bounce | null }>('select public.message_bounce($1) as bounce', [messageId]);
  return rows[0]?.bounce ?? null;
}

/**
 * The delivery job of a soft-bounce resend, starting at its send_after. Its own job id per
 * retry: the message's first job (queuedMailJobs' id) has run already and pg-boss drops a repeated id.
 */
export function bounceRetryJob(handled: Pick<BounceHandled, 'messageId' | 'retry' | 'retryAt'>): JobRequest | null {
  if (!handled.retry || !handled.retryAt) return null;
  return { ...mailJob(handled.messageId, 0, `soft-bounce-${handled.retry}`), startAfter: new Date(handled.retryAt) };
}
