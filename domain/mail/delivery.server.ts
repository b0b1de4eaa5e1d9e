// Delivering queued messages: claim → send → record, one message at a time.
// The claim (queued → sending, one UPDATE naming this worker) is what makes a
// duplicate job harmless: only one worker gets a message. Each message is
// recorded inside its send slot, with the other slots' sends (at most 20 ms
// after the server accepted it, decision 066), so a crash re-sends at most the
// messages that were in a slot (decision 011). A
// message left 'sending' by a dead worker is claimed again once the worker's
// heartbeat is stale, and goes out with the same Message-ID.
// Sender limits are taken in the claim's transaction (./sender-limits.ts): what
// does not fit goes back to the queue until the next window. A campaign paused
// or cancelled after the claim stops before its next send (the stopped campaigns
// are read with every record), so only the sends already in a slot still leave.
import type pg from 'pg';
import { asService, serviceStatements, type Literal } from '../../platform/db/request.server.ts';
import { STALE_CLAIM_SQL, type WorkerIdentity } from '../../platform/runtime/workers.server.ts';
import { composeMail, internetMessageId, recruiterSender, senderFrom, type MailSettings } from './compose.server.ts';
import type { SendFrom } from './send-from.ts';
import { mailboxesRefusedSending, registerMailboxes } from './mailboxes.server.ts';
import { MailDeliveryError, type MailPort } from '../../platform/mail/port.server.ts';
import type { Language } from '../placeholders/placeholders.ts';
import { createSendSlots, groupCommit, type SendSlots } from '../../platform/mail/concurrency.ts';
import { blockerCode, CONSENT_BLOCKERS, type ContactBlocker } from '../consent/eligibility.ts';
import { coded, say, type Coded, type Said } from '../i18n/codes.ts';
import { englishText } from '../i18n/english.ts';
import { trackedLinks } from '../engagement/tracking.server.ts';
import { NO_SENDER_LIMITS, senderKey, takeSenderQuota, type SenderLimits, type WaitReason } from './sender-limits.server.ts';
import { sendWhatsApp, type WhatsAppPort, type WhatsAppRow } from '../whatsapp/delivery.server.ts';

/** An outcome that did not send, said as a code and in English. */
export function notSent(status: 'retry' | 'failed' | 'skipped', said: Said | Coded): Outcome {
  return { status, error: englishText(said), said: coded(said) };
}

/** Crash-loop guard: a message claimed this often is given up. */
export const MAX_ATTEMPTS = 10;

export type Outcome =
  /** `providerId`: the provider's own id (WhatsApp's wamid); mail's is its Message-ID. */
  | { status: 'sent'; providerId?: string }
  /**
   * `said`: why, as a code (errors.<code>, decision 032) that the message keeps in error_code beside `error`, its
   * English; a skipped message's is also its campaign recipient's skip reason. A provider's words are its `detail`.
   */
  | { status: 'retry' | 'failed' | 'skipped'; error: string; said: Coded }
  /** A sender limit was reached: queued again until `until` (send_after). */
  | { status: 'deferred'; until: Date; reason: WaitReason; attempts: number }
  /** Its campaign was paused or cancelled after the claim: queued again, not sent. */
  | { status: 'released' }
  | { status: 'not-claimed' };

interface Claimed extends WhatsAppRow {
  id: number; attempts: number; reply_token: string; subject: string | null; content: string; channel: 'email' | 'whatsapp';
  campaign_id: number | null; original_message_id: number | null; name: string; email: string | null;
  /** public.contact_blockers(c, channel) at the moment of the claim: the one eligibility rule. */
  blockers: ContactBlocker[];
  tracking_token: string | null;
  /** organisation_settings.tracking_enabled at the claim. */
  tracking_enabled: boolean;
  /** organisation_settings' default sender at the claim (a change applies from the next claim, without a restart). */
  sender_name: string | null;
  sender_email: string | null;
  /** The campaign's language (its footer's); null for a message of its own, whose text tells. */
  language: Language | null;
  /** organisation_settings.send_from at the claim, and the recruiter who sends it (the message's sender, else its campaign's creator). */
  send_from: SendFrom;
  recruiter: { id: string; name: string | null; email: string | null } | null;
  /** Set by the claim: the From header (compose.ts senderFrom, recruiterSender); the sender limits are counted by its address. */
  from?: string;
  /** Set by the claim when it leaves the recruiter's own mailbox (their address); `noMailbox` when it should and cannot. */
  ownMailbox?: string;
  noMailbox?: boolean;
  /** Set by the claim when tracking is on (its rewritten URLs); not read from the row. */
  links?: string[];
}

export interface DeliveryDeps {
  app: pg.Pool;
  mail: MailPort;
  settings: MailSettings;
  /** The worker the claims are made for. */
  worker: WorkerIdentity;
  /** Sends in flight at most, each from its first byte to the server until its outcome is committed. */
  inFlight: number;
  /** Per-sender daily cap and per-minute rate (default: none). */
  limits?: SenderLimits;
  /** The WhatsApp adapter; without one (or unconfigured) WhatsApp messages fail with "WhatsApp not configured". */
  whatsapp?: WhatsAppPort;
  /** The time the claim and the sender limits go by (tests); default the database's now(). */
  clock?: () => Date;
}

export interface Delivery {
  /**
   * Sends the given messages once each. `isLastTry(id)` says whether a
   * temporary failure should be final (the job has no retries left).
   */
  deliver(ids: number[], isLastTry: (id: number) => boolean): Promise<Map<number, Outcome>>;
}

type Recorded = { row: Claimed; outcome: Outcome };

/**
 * How long a sent message's record waits at most for the other slots' (decision 066): one slow send holds the
 * others' records, and so their slots, that long at most.
 */
export const RECORD_GATHER_MS = 20;

/**
 * One per worker: the send slots and the group commit are shared by all its batches. A record waits for every
 * busy slot's outcome and writes them together: a fifth of the statements of a record per message or two.
 */
export function createDelivery(deps: DeliveryDeps): Delivery {
  const slots = createSendSlots(deps.inFlight, () => record.check());
  const campaigns = createCampaignWatch();
  const record = groupCommit<Recorded>((items) => recordOutcomes(deps, items, campaigns),
    { writers: () => slots.busy, maxWaitMs: RECORD_GATHER_MS });
  return { deliver: (ids, isLastTry) => deliverBatch(deps, slots, record, campaigns, ids, isLastTry) };
}

/**
 * The campaigns this worker has claimed messages of, and which of them were
 * paused or cancelled since: read again in every record's transaction, so a
 * stop is seen within one record (a few milliseconds while mail flows).
 */
interface CampaignWatch {
  add(ids: Array<number | null>): void;
  remove(ids: Array<number | null>): void;
  watched(): number[];
  stopped: Set<number>;
}

function createCampaignWatch(): CampaignWatch {
  const counts = new Map<number, number>();
  const stopped = new Set<number>();
  return {
    add(ids) { for (const id of ids) if (id !== null) counts.set(id, (counts.get(id) ?? 0) + 1); },
    remove(ids) {
      for (const id of ids) {
        if (id === null) continue;
        const left = (counts.get(id) ?? 1) - 1;
        if (left > 0) counts.set(id, left);
        else { counts.delete(id); stopped.delete(id); }
      }
    },
    watched: () => [...counts.keys()],
    stopped,
  };
}

async function deliverBatch(deps: DeliveryDeps, slots: SendSlots, record: (item: Recorded) => Promise<void>, campaigns: CampaignWatch,
  ids: number[], isLastTry: (id: number) => boolean): Promise<Map<number, Outcome>> {
  const outcomes = new Map<number, Outcome>(ids.map((id) => [id, { status: 'not-claimed' }]));
  const claimStarted = performance.now();
  const claimed = await asService(deps.app, async (tx) => {
    // A cancelled campaign's messages that came back to the queue (a retry) are stopped, not sent.
    await tx.query(`select public.stop_cancelled_campaign_messages(array(
      select distinct campaign_id from public.messages where id = any($1) and campaign_id is not null))`, [ids]);
    // Locked in id order, as a cancel locks its campaign's queued messages
    // (stop_cancelled_campaign_messages): in any other order the two can deadlock.
    const { rows } = await tx.query<Claimed>(
      `with locked as (
         select m.id from public.messages m
          where m.id = any($1) and m.direction = 'out' and m.attempts < $2
            and (m.status = 'queued' or (m.status = 'sending' and ${STALE_CLAIM_SQL}))
            and (m.send_after is null or m.send_after <= coalesce($4::timestamptz, now()))
            and not exists (select 1 from public.campaigns k where k.id = m.campaign_id and k.status in ('paused', 'cancelled'))
          order by m.id
            for update of m
       )
       update public.messages m set status = 'sending', attempts = m.attempts + 1, claimed_by = $3, claimed_at = now(), wait_reason = null
         from locked, public.candidates c
        where m.id = locked.id and c.id = m.candidate_id
       returning m.id, m.attempts, m.reply_token, m.subject, m.content, m.channel, m.campaign_id, m.original_message_id,
                 c.name, c.email::text as email, public.contact_blockers(c, m.channel) as blockers, m.tracking_token,
                 c.whatsapp_number, c.phone, m.whatsapp_template,
                 coalesce((select s.tracking_enabled from public.organisation_settings s), true) as tracking_enabled,
                 (select s.sender_name from public.organisation_settings s) as sender_name,
                 (select s.sender_email from public.organisation_settings s) as sender_email,
                 coalesce((select s.send_from from public.organisation_settings s), 'shared') as send_from,
                 (select json_build_object('id', p.id, 'name', p.display_name, 'email', p.email::text) from public.profiles p
                   where p.id = coalesce(m.sender_id, (select k.created_by from public.campaigns k where k.id = m.campaign_id))) as recruiter,
                 (select k.language from public.campaigns k where k.id = m.campaign_id) as language`,
      [ids, MAX_ATTEMPTS, deps.worker.id, deps.clock?.() ?? null]);
    for (const row of rows) {
      const own = recruiterSender(row.send_from, deps.mail.kind, row.recruiter);
      row.from = own && own !== 'no_mailbox' ? own.from : senderFrom(deps.settings.from, { senderName: row.sender_name, senderEmail: row.sender_email }, deps.mail.kind);
      row.ownMailbox = own && own !== 'no_mailbox' ? own.mailbox : undefined;
      row.noMailbox = own === 'no_mailbox';
    }
    // The recruiters' mailboxes mail leaves: their inboxes are read for the answers (decision 039).
    await registerMailboxes(tx, rows.filter((row) => row.ownMailbox && row.channel === 'email')
      .map((row) => ({ messageId: row.id, email: row.ownMailbox!, userId: row.recruiter?.id ?? null })));
    const deferred = await deferOverLimit(deps, tx, rows);
    const kept = rows.filter((row) => !deferred.has(row.id));
    await storeTrackedLinks(tx, kept, deps.settings.publicUrl);
    const threading = await threadingOf(tx, kept.filter((r) => r.original_message_id).map((r) => r.id));
    // The claim says this worker is alive, in its own transaction: right after an outage the worker need
    // not wait for its next heartbeat (nor retry the job later) to send what it has just claimed. Last, so
    // the worker's heartbeat row stays locked for a moment, not for the whole claim: its batches' claims
    // waited on each other for it (about 10 ms per claim at 100,000 recipients).
    await tx.query('select public.touch_worker_heartbeat($1)', [deps.worker.id]);
    return { rows: kept, deferred, threading };
  });
  deps.worker.beatCommitted(claimStarted);
  for (const [id, outcome] of claimed.deferred) outcomes.set(id, outcome);
  for (const row of claimed.rows) deps.worker.working.add(row.id);
  campaigns.add(claimed.rows.map((row) => row.campaign_id));

  try {
    const unsendable: Recorded[] = [];
    const sendable: Claimed[] = [];
    for (const row of claimed.rows) {
      const outcome = unsendableOutcome(row, deps);
      if (outcome) unsendable.push({ row, outcome });
      else sendable.push(row);
    }
    await recordOutcomes(deps, unsendable);
    for (const { row, outcome } of unsendable) outcomes.set(row.id, outcome);
    // The slot is held until the outcome is committed: that bounds what a crash can send twice.
    const results = await Promise.allSettled(sendable.map((row) => slots.run(async () => {
      const outcome: Outcome = row.campaign_id !== null && campaigns.stopped.has(row.campaign_id)
        ? { status: 'released' }
        : await sendOne(deps, row, claimed.threading.get(row.id), isLastTry(row.id));
      await record({ row, outcome });
      outcomes.set(row.id, outcome);
    })));
    const failure = results.find((result) => result.status === 'rejected');
    if (failure) throw failure.reason;
  } finally {
    for (const row of claimed.rows) deps.worker.working.delete(row.id);
    campaigns.remove(claimed.rows.map((row) => row.campaign_id));
  }

  // Once per batch, after the records above: of two batches finishing together, the later one sees both.
  const settled = claimed.rows.filter((row) => !['retry', 'released'].includes(outcomes.get(row.id)!.status));
  const touched = [...new Set(settled.map((r) => r.campaign_id).filter((id): id is number => id !== null))];
  // The campaigns' rule (public.complete_campaigns), called in SQL: mail does not depend on the campaigns code.
  if (touched.length) await asService(deps.app, (tx) => tx.query('select public.complete_campaigns($1)', [touched]));
  return outcomes;
}

/**
 * Takes the sender's quota for the claimed messages that would be sent (in id
 * order) and puts the rest back: queued, the attempt not counted, send_after
 * at the next window. All in the claim's transaction, so nobody sees them claimed.
 */
async function deferOverLimit(deps: DeliveryDeps, tx: pg.PoolClient, rows: Claimed[]): Promise<Map<number, Outcome>> {
  const deferred = new Map<number, Outcome>();
  const limits = deps.limits ?? NO_SENDER_LIMITS;
  if (limits.dailyCap === null && limits.perMinute === null) return deferred;
  // The counters are keyed by the From address of the claim (the organisation's default sender, else the
  // configured one). Each message counts once, at its first claim: a retry, or a claim taken over from a dead
  // worker, was counted then (else a crash would push the rest of a campaign to the next day), so a sender
  // changed between two attempts does not count it twice.
  // Mail only: a WhatsApp message is no mail of the sender's.
  const sendable = rows.filter((row) => row.attempts === 1 && row.channel === 'email' && !unsendableOutcome(row, deps)).sort((a, b) => a.id - b.id);
  for (const [key, group] of Map.groupBy(sendable, (row) => senderKey(row.from ?? deps.settings.from))) {
    const quota = await takeSenderQuota(tx, key, group.length, limits, deps.clock?.());
    const over = group.slice(quota.granted);
    if (!over.length || !quota.waitUntil || !quota.waitReason) continue;
    await tx.query(
      `update public.messages set status = 'queued', attempts = attempts - 1, claimed_by = null, send_after = $2, wait_reason = $3
        where id = any($1)`, [over.map((row) => row.id), quota.waitUntil, quota.waitReason]);
    for (const row of over) deferred.set(row.id, { status: 'deferred', until: quota.waitUntil, reason: quota.waitReason, attempts: row.attempts - 1 });
  }
  return deferred;
}

/** A claimed message that is not to be sent: no longer contactable, or WhatsApp without its configuration. */
function unsendableOutcome(row: Claimed, deps: Pick<DeliveryDeps, 'whatsapp'>): Outcome | null {
  const noAddress = row.channel === 'email' ? !row.email : false;
  // Consent can be withdrawn between queueing and sending (an unsubscribe click on an earlier mail, a WhatsApp STOP).
  if (row.blockers.length || noAddress) {
    const consent = row.blockers.some((reason) => CONSENT_BLOCKERS.has(reason));
    const skip: Said = consent ? (row.channel === 'email' ? 'skipped.consent_withdrawn_email' : 'skipped.consent_withdrawn_whatsapp')
      : blockerCode(row.blockers[0] ?? 'no_email');
    return notSent('skipped', skip);
  }
  // Never from another address than the recruiter's own (decision 039).
  if (row.channel === 'email' && row.noMailbox) return notSent('failed', 'delivery.no_sender_mailbox');
  // Nothing pretends to send: without the Cloud API's configuration the message fails, saying so.
  if (row.channel === 'whatsapp' && !deps.whatsapp?.configured()) return notSent('failed', 'whatsapp_not_configured');
  return null;
}

async function sendOne(deps: DeliveryDeps, row: Claimed, thread: Threading | undefined, lastTry: boolean): Promise<Outcome> {
  // A worker that could not tell the database it is alive may already have lost this claim to another.
  if (!deps.worker.holdsClaims()) return notSent('retry', 'delivery.worker_lost_contact');
  if (row.channel === 'whatsapp') return sendWhatsApp(deps.whatsapp!, row, lastTry);
  const mail = composeMail({
    id: row.id, replyToken: row.reply_token, subject: row.subject, content: row.content,
    candidateName: row.name, candidateEmail: row.email!, inReplyTo: thread?.inReplyTo, references: thread?.references,
    tracking: row.links && row.tracking_token ? { token: row.tracking_token, links: row.links } : null,
    from: row.from, language: row.language, ownMailbox: row.ownMailbox,
  }, deps.settings);
  try {
    await deps.mail.send(mail);
    return { status: 'sent' };
  } catch (error) {
    const failure = error instanceof MailDeliveryError ? error : new MailDeliveryError((error as Error).message, false);
    const final = failure.permanent || lastTry;
    const refused = failure.refusedMailbox;
    if (refused) {
      return notSent('failed', say('delivery.mailbox_refused', { mailbox: refused.mailbox, status: refused.status, detail: refused.detail.slice(0, 1000) }));
    }
    // The server's own words, as it said them.
    return notSent(final ? 'failed' : 'retry', say('delivery.provider_failed', { detail: failure.message.slice(0, 1000) }));
  }
}

/**
 * With tracking on, the claim stores each message's rewritten URLs (messages.tracked_links), the ones
 * the click endpoint redirects to, before the mail goes out. They follow from the content alone, so a
 * resend writes the same list.
 */
async function storeTrackedLinks(tx: pg.PoolClient, rows: Claimed[], publicUrl: string) {
  const tracked = rows.filter((row) => row.tracking_enabled && row.tracking_token && row.channel === 'email');
  for (const row of tracked) row.links = trackedLinks(row.content, publicUrl);
  const withLinks = tracked.filter((row) => row.links!.length);
  if (!withLinks.length) return;
  await tx.query(
    `update public.messages m set tracked_links = array(select jsonb_array_elements_text(x.links))
       from jsonb_to_recordset($1::jsonb) as x(id bigint, links jsonb)
      where m.id = x.id and m.tracked_links is distinct from array(select jsonb_array_elements_text(x.links))`,
    [JSON.stringify(withLinks.map((row) => ({ id: row.id, links: row.links })))]);
}

interface Threading { inReplyTo: string | null; references: string[] }

async function threadingOf(tx: pg.PoolClient, ids: number[]) {
  const result = new Map<number, Threading>();
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

/**
 * One statement for the messages and their campaign recipients. 'sent' is
 * recorded whoever holds the claim now (the mail did go out); the other
 * outcomes only while the claim is still this worker's.
 */
async function recordOutcomes(deps: DeliveryDeps, recorded: Recorded[], campaigns?: CampaignWatch) {
  if (!recorded.length) return;
  // In id order, the order every statement that updates several messages locks them in (the claim's comment).
  const items = recorded.toSorted((a, b) => a.row.id - b.row.id);
  const errorOf = (outcome: Outcome) => ('error' in outcome ? outcome.error : null);
  const saidOf = (outcome: Outcome) => ('said' in outcome ? outcome.said : null);
  const outcomes = JSON.stringify(items.map((i) => ({
    id: i.row.id, status: i.outcome.status, error: errorOf(i.outcome),
    // The configured sender's domain, as composeMail: the same Message-ID on every attempt, whatever the organisation's From.
    // A WhatsApp message's is its wamid.
    provider_id: (i.outcome.status === 'sent' && i.outcome.providerId) || internetMessageId(i.row.id, i.row.reply_token, deps.settings.from),
    code: saidOf(i.outcome)?.code ?? null, params: saidOf(i.outcome)?.params ?? null,
  })));
  const watched = (campaigns?.watched() ?? []).map((id) => Math.trunc(id)).join(',');
  // Released messages of a cancelled campaign are stopped for good (the cancel's trigger has run already).
  const released = [...new Set(items.flatMap((i) => (i.outcome.status === 'released' && i.row.campaign_id !== null ? [Math.trunc(i.row.campaign_id)] : [])))];
  // The record itself is public.record_deliveries() (planned once per connection, not once per record); it
  // answers the watched campaigns that were paused or cancelled since (same statement: no extra round trip).
  const statements = (literal: Literal) => [
    `select * from public.record_deliveries(${literal(outcomes)}::jsonb, ${literal(deps.worker.id)}, '{${watched}}'::bigint[]) as k(id)`,
    ...(released.length ? [`select public.stop_cancelled_campaign_messages('{${released.join(',')}}'::bigint[])`] : []),
  ];
  // A mailbox Graph refused to send from shows it in Settings → Integrations (decision 040).
  const refusals = items.map((i) => saidOf(i.outcome)).filter((said) => said?.code === 'delivery.mailbox_refused');
  // Not waiting for the WAL flush halves a send slot's cycle (bench/campaign-100k.ts). A killed worker
  // loses nothing by it (the server has the commit); only a database crash can forget the last few
  // hundred milliseconds of records, and those messages are then sent again (decision 021).
  // One round trip (issue 31): each send records its outcome, so the record's transaction is the hot path.
  const [{ rows: stopped }] = refusals.length
    ? await asService(deps.app, async (tx) => {
      const results = [];
      for (const statement of statements((value) => tx.escapeLiteral(value))) results.push(await tx.query(statement));
      await mailboxesRefusedSending(tx, refusals.map((said) => said!.params as { mailbox: string; status: number; detail: string }));
      return results;
    }, { synchronousCommit: false })
    : await serviceStatements(deps.app, statements, { synchronousCommit: false });
  if (campaigns) {
    campaigns.stopped.clear();
    for (const row of stopped as Array<{ id: number }>) campaigns.stopped.add(row.id);
  }
}

export interface Orphan { id: number; attempts: number; cause: string }

/**
 * Messages no live worker is working on, to be queued again: claims of workers
 * that stopped beating, and this worker's own claims that it no longer works
 * on (an outcome it could not record), which it releases here.
 */
export async function orphanedDeliveries(deps: Pick<DeliveryDeps, 'app' | 'worker'>): Promise<Orphan[]> {
  return asService(deps.app, async (tx) => {
    const stale = await tx.query<Orphan>(
      // The cause names the minute too: if the job queued for this claim is fetched by a worker that dies
      // before claiming, the claim stays the dead one's, and a cause without the minute would name that
      // job again (pg-boss drops it) until it expires, minutes later. Workers recovering in the same
      // minute still queue it once.
      `select m.id, m.attempts, 'claim-of:' || coalesce(m.claimed_by, '') || ':' || floor(extract(epoch from now()) / 60)::bigint as cause
         from public.messages m
        where m.status = 'sending' and m.direction = 'out' and m.attempts < $1 and ${STALE_CLAIM_SQL}
        order by m.claimed_at limit 5000`, [MAX_ATTEMPTS]);
    // A minute is far longer than a claim takes to reach `working` (right after its commit).
    const released = await tx.query<Orphan>(
      `update public.messages m set status = 'queued', error = coalesce(m.error, $3),
              error_code = case when m.error is null then 'delivery.released' else m.error_code end
        where m.status = 'sending' and m.claimed_by = $1 and m.claimed_at < now() - interval '1 minute' and m.id <> all($2)
       returning m.id, m.attempts, 'released' as cause`, [deps.worker.id, [...deps.worker.working], englishText('delivery.released')]);
    return [...stale.rows, ...released.rows];
  });
}

/**
 * Of the given jobs (active for a while), those whose message is still queued
 * and untouched since the job started: their worker died between fetching the
 * job and claiming the message.
 */
export async function neverClaimed(app: pg.Pool, jobs: Array<{ jobId: string; messageId: number; startedOn: Date }>): Promise<Orphan[]> {
  if (!jobs.length) return [];
  const { rows } = await asService(app, (tx) => tx.query<Orphan>(
    `select m.id, m.attempts, 'after-job:' || j.job_id as cause
       from unnest($1::text[], $2::bigint[], $3::timestamptz[]) as j(job_id, message_id, started_on)
       join public.messages m on m.id = j.message_id
      where m.status = 'queued' and m.direction = 'out' and m.attempts < $4 and m.updated_at < j.started_on`,
    [jobs.map((j) => j.jobId), jobs.map((j) => j.messageId), jobs.map((j) => j.startedOn), MAX_ATTEMPTS]));
  return rows;
}
