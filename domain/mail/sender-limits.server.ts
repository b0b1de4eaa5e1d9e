// Per-sender limits (issue 12): a daily cap per sending mailbox and a per-minute
// rate, counted per From address (so a per-organisation or per-recruiter sender
// gets its own counters): the claim's From, the organisation's default sender
// when it has one (compose.ts senderFrom), else MAIL_FROM. The rule is SQL, public.take_sender_quota()
// (migration 20261126000400): the delivery claim asks it for as many sends as it
// claimed, in the claim's transaction, and puts back what does not fit with
// send_after at the next window and wait_reason saying why. Each message counts
// once, at its first claim (whether or not the server then takes it): a retry or
// a crash's second copy (at most the send slots per crash) does not count again.
import type { Tx } from '../../platform/db/request.server.ts';
import { mailJob, type JobRequest } from '../../platform/runtime/jobs.server.ts';
import { addressOf } from './compose.server.ts';

export interface SenderLimits {
  /** Emails per sending mailbox per day (from local midnight in the organisation's zone); null: no cap. */
  dailyCap: number | null;
  /** Emails per sending mailbox per minute; null: no rate. */
  perMinute: number | null;
}

export const NO_SENDER_LIMITS: SenderLimits = { dailyCap: null, perMinute: null };

export type WaitReason = 'sender_daily_cap' | 'sender_rate';

export interface Quota {
  granted: number;
  /** Set when not everything was granted: when the rest may go, and why it waits. */
  waitUntil: Date | null;
  waitReason: WaitReason | null;
}

/** The counters' key: the From header's address, lower case ("Sam <Sam@X.com>" → "sam@x.com"). */
export const senderKey = (from: string) => addressOf(from).toLowerCase();

/** Takes up to `wanted` sends for `from` now (or at `at`); holds the sender's counters until `tx` ends. */
export async function takeSenderQuota(tx: Tx, from: string, wanted: number, limits: SenderLimits, at?: Date): Promise<Quota> {
  if (wanted <= 0 || (limits.dailyCap === null && limits.perMinute === null)) return { granted: wanted, waitUntil: null, waitReason: null };
  const { rows: [row] } = await tx.query<{ granted: number; wait_until: Date | null; wait_reason: WaitReason | null }>(
    'select granted, wait_until, wait_reason from public.take_sender_quota($1, $2, $3, $4, coalesce($5::timestamptz, now()))',
    [senderKey(from), wanted, limits.dailyCap, limits.perMinute, at ?? null]);
  return { granted: row.granted, waitUntil: row.wait_until, waitReason: row.wait_reason };
}

/** The delivery job for a message put back by a sender limit: due at its send_after, a job id of its own. */
export const deferredMailJob = (messageId: number, attempts: number, until: Date): JobRequest =>
  ({ ...mailJob(messageId, attempts, `wait:${until.toISOString()}`), startAfter: until });

