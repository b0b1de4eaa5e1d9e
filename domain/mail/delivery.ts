// Delivering queued messages: claim → send → record. The claim
// (queued → sending, one UPDATE) is what makes a duplicate job harmless: only
// one worker gets a message. A message left 'sending' by a crashed worker is
// claimed again once stale, and goes out with the same Message-ID.
import type pg from 'pg';
import { asService } from '../db/request.ts';
import { completeCampaigns } from '../campaigns.ts';
import { composeMail, internetMessageId, type MailSettings } from './compose.ts';
import { MailDeliveryError, type MailPort } from './port.ts';
import { BLOCKER_TEXT, CONSENT_BLOCKERS, type ContactBlocker } from '../consent/eligibility.ts';

/** A claim older than this is a crashed attempt (the job itself expires after 300 s). */
export const STALE_SENDING_SECONDS = 300;
/** Crash-loop guard: a message claimed this often is given up. */
export const MAX_ATTEMPTS = 10;

export type Outcome =
  | { status: 'sent' }
  | { status: 'retry'; error: string }
  | { status: 'failed'; error: string }
  | { status: 'skipped'; error: string }
  | { status: 'not-claimed' };

interface Claimed {
  id: number; reply_token: string; subject: string | null; content: string; channel: 'email' | 'whatsapp';
  campaign_id: number | null; original_message_id: number | null; name: string; email: string | null;
  /** public.contact_blockers(c, channel) at the moment of the claim: the one eligibility rule. */
  blockers: ContactBlocker[];
}

export interface DeliveryDeps {
  app: pg.Pool;
  mail: MailPort;
  settings: MailSettings;
}

/**
 * Sends the given messages once each. `isLastTry(id)` says whether a
 * temporary failure should be final (the job has no retries left).
 */
export async function deliverMessages(deps: DeliveryDeps, ids: number[], isLastTry: (id: number) => boolean): Promise<Map<number, Outcome>> {
  const outcomes = new Map<number, Outcome>(ids.map((id) => [id, { status: 'not-claimed' }]));
  const claimed = await asService(deps.app, async (tx) => {
    const { rows } = await tx.query<Claimed>(
      `update public.messages m set status = 'sending', attempts = m.attempts + 1
         from public.candidates c
        where m.id = any($1) and c.id = m.candidate_id and m.direction = 'out' and m.attempts < $3
          and (m.status = 'queued' or (m.status = 'sending' and m.updated_at < now() - make_interval(secs => $2)))
       returning m.id, m.reply_token, m.subject, m.content, m.channel, m.campaign_id, m.original_message_id,
                 c.name, c.email::text as email, public.contact_blockers(c, m.channel) as blockers`,
      [ids, STALE_SENDING_SECONDS, MAX_ATTEMPTS]);
    return { rows, threading: await threadingOf(tx, rows.filter((r) => r.original_message_id).map((r) => r.id)) };
  });

  await Promise.all(claimed.rows.map(async (row) => {
    if (row.channel !== 'email') {
      outcomes.set(row.id, { status: 'failed', error: 'WhatsApp delivery is not available yet' });
      return;
    }
    // Consent can be withdrawn between queueing and sending (an unsubscribe click on an earlier mail).
    if (row.blockers.length || !row.email) {
      const consent = row.blockers.some((reason) => CONSENT_BLOCKERS.has(reason));
      outcomes.set(row.id, { status: 'skipped',
        error: consent ? 'Candidate withdrew email consent before the message was sent' : BLOCKER_TEXT[row.blockers[0] ?? 'no_email'] });
      return;
    }
    const thread = claimed.threading.get(row.id);
    const mail = composeMail({
      id: row.id, replyToken: row.reply_token, subject: row.subject, content: row.content,
      candidateName: row.name, candidateEmail: row.email, inReplyTo: thread?.inReplyTo, references: thread?.references,
    }, deps.settings);
    try {
      await deps.mail.send(mail);
      outcomes.set(row.id, { status: 'sent' });
    } catch (error) {
      const failure = error instanceof MailDeliveryError ? error : new MailDeliveryError((error as Error).message, false);
      const final = failure.permanent || isLastTry(row.id);
      outcomes.set(row.id, { status: final ? 'failed' : 'retry', error: failure.message.slice(0, 1000) });
    }
  }));

  await recordOutcomes(deps, claimed.rows, outcomes);
  return outcomes;
}

async function threadingOf(tx: pg.PoolClient, ids: number[]) {
  const result = new Map<number, { inReplyTo: string | null; references: string[] }>();
  if (!ids.length) return result;
  const { rows } = await tx.query<{ id: number; in_reply_to: string | null; refs: string[] }>(
    `select m.id, o.provider_message_id as in_reply_to,
            array(select t.provider_message_id from public.messages t
                   where coalesce(t.thread_id, t.id) = coalesce(m.thread_id, m.id) and t.id <> m.id
                     and t.provider_message_id is not null and t.created_at <= m.created_at
                   order by t.created_at, t.id limit 20) as refs
       from public.messages m join public.messages o on o.id = m.original_message_id
      where m.id = any($1)`, [ids]);
  for (const row of rows) result.set(row.id, { inReplyTo: row.in_reply_to, references: row.refs });
  return result;
}

async function recordOutcomes(deps: DeliveryDeps, claimed: Claimed[], outcomes: Map<number, Outcome>) {
  if (!claimed.length) return;
  const pick = (status: Outcome['status']) => claimed.filter((row) => outcomes.get(row.id)!.status === status);
  const errorOf = (row: Claimed) => (outcomes.get(row.id) as { error?: string }).error ?? null;
  const sent = pick('sent');
  const unsent = [...pick('failed'), ...pick('skipped')];
  const retry = pick('retry');
  await asService(deps.app, async (tx) => {
    if (sent.length) {
      await tx.query(
        `update public.messages m set status = 'sent', sent_at = now(), error = null, provider_message_id = u.provider_id
           from unnest($1::bigint[], $2::text[]) as u(id, provider_id) where m.id = u.id`,
        [sent.map((r) => r.id), sent.map((r) => internetMessageId(r.id, r.reply_token, deps.settings.from))]);
      await tx.query(`update public.campaign_recipients set status = 'sent' where message_id = any($1)`, [sent.map((r) => r.id)]);
    }
    if (unsent.length) {
      await tx.query(
        `update public.messages m set status = 'failed', error = u.error from unnest($1::bigint[], $2::text[]) as u(id, error) where m.id = u.id`,
        [unsent.map((r) => r.id), unsent.map(errorOf)]);
      await tx.query(
        `update public.campaign_recipients r set status = case when u.skipped then 'skipped' else 'failed' end,
                skip_reason = case when u.skipped then u.error else r.skip_reason end
           from unnest($1::bigint[], $2::text[], $3::boolean[]) as u(id, error, skipped) where r.message_id = u.id`,
        [unsent.map((r) => r.id), unsent.map(errorOf), unsent.map((r) => outcomes.get(r.id)!.status === 'skipped')]);
    }
    if (retry.length) {
      await tx.query(
        `update public.messages m set status = 'queued', error = u.error from unnest($1::bigint[], $2::text[]) as u(id, error) where m.id = u.id`,
        [retry.map((r) => r.id), retry.map(errorOf)]);
    }
  });
  // After the commit above, so that of two batches finishing together the later one sees both.
  const campaigns = [...new Set([...sent, ...unsent].map((r) => r.campaign_id).filter((id): id is number => id !== null))];
  if (campaigns.length) await asService(deps.app, (tx) => completeCampaigns(tx, campaigns));
}
