// Candidates' answers from the recruiters' own inboxes (decision 039). One read of a mailbox: its claim
// (domain/mail/mailboxes.server.ts), then Graph's delta from the stored delta link (or from the last 7 days),
// page after page to the new delta link. Of each page only the mail that answers ours has its MIME fetched:
// In-Reply-To/References naming a Message-ID of ours, the reply address (reply+<token>@) in To or Cc, or a
// sender who is a candidate this recruiter wrote to. That MIME goes through the same inbound path as
// POST /api/inbound/email (threading, reply text, opt-out, out-of-office, sentiment, sequence exits). Other
// mail is neither fetched nor stored, and nothing in the mailbox is changed. A mail read twice (a read that
// stopped halfway, a delta started again after 410) is stored once: its Message-ID is the key.
import type pg from 'pg';
import { asService, type Tx } from '../../platform/db/request.server.ts';
import { GraphInboxError, type GraphInbox, type InboxMessage } from '../../platform/mail/graph-inbox.server.ts';
import {
  claimMailbox, failuresOf, forgetDeltaLink, mailboxStopped, mailboxSynced, type MailboxClaim,
} from '../mail/mailboxes.server.ts';
import { say } from '../i18n/codes.ts';
import { receiveInboundEmail } from './inbound-email.server.ts';

/** How far back a first read (or one after the delta state was lost) looks. */
export const FIRST_READ_DAYS = 7;

const TOKEN_IN_ADDRESS = /\+([0-9a-f]{24})@/i;

export interface MailboxSyncDeps {
  app: pg.Pool;
  inbox: GraphInbox;
  /** The worker's heartbeat id: the claim's name. */
  worker: string;
}

export type MailboxSyncResult =
  | { status: 'synced'; pages: number; seen: number; fetched: number; stored: number; restarted: boolean }
  /** Another worker reads it now, or Graph asked to wait (retry_after): nothing done. */
  | { status: 'skipped' }
  | { status: 'stopped'; code: string; waitSeconds: number };

/** Of a page's messages, those that answer mail of ours (see the file's comment) and are not stored yet. */
async function answersOfOurs(tx: Tx, claim: MailboxClaim, messages: InboxMessage[]): Promise<InboxMessage[]> {
  if (!messages.length) return [];
  const referenced = [...new Set(messages.flatMap((m) => m.references))];
  const tokens = [...new Set(messages.flatMap((m) => m.recipients.map((a) => TOKEN_IN_ADDRESS.exec(a)?.[1]?.toLowerCase()).filter((t): t is string => Boolean(t))))];
  const senders = [...new Set(messages.map((m) => m.from).filter((a): a is string => Boolean(a)))];
  const ids = messages.map((m) => m.internetMessageId).filter((id): id is string => Boolean(id));
  const { rows: [known] } = await tx.query<{ referenced: string[]; tokens: string[]; senders: string[]; stored: string[] }>(
    `select array(select provider_message_id from public.messages where provider_message_id = any($1) and direction = 'out') as referenced,
            array(select reply_token from public.messages where reply_token = any($2)) as tokens,
            array(select lower(c.email::text) from public.candidates c
                   where c.email = any($3) and exists (
                     select 1 from public.messages m left join public.campaigns k on k.id = m.campaign_id
                      where m.candidate_id = c.id and m.direction = 'out' and coalesce(m.sender_id, k.created_by) = $5)) as senders,
            array(select provider_message_id from public.messages where provider_message_id = any($4)) as stored`,
    [referenced, tokens, senders, ids, claim.userId]);
  const ours = { referenced: new Set(known.referenced), tokens: new Set(known.tokens), senders: new Set(known.senders), stored: new Set(known.stored) };
  return messages.filter((m) => !(m.internetMessageId && ours.stored.has(m.internetMessageId)) && (
    m.references.some((id) => ours.referenced.has(id))
    || m.recipients.some((a) => ours.tokens.has(TOKEN_IN_ADDRESS.exec(a)?.[1]?.toLowerCase() ?? ''))
    || (m.from !== null && ours.senders.has(m.from))));
}

/** Reads the mailbox's new mail once (see the file's comment). */
export async function syncMailbox(deps: MailboxSyncDeps, email: string): Promise<MailboxSyncResult> {
  const claim = await asService(deps.app, (tx) => claimMailbox(tx, email, deps.worker));
  if (!claim) return { status: 'skipped' };
  const counts = { pages: 0, seen: 0, fetched: 0, stored: 0 };
  let restarted = false;
  let url = claim.deltaLink ?? deps.inbox.startUrl(claim.email, daysAgo(FIRST_READ_DAYS));
  try {
    for (;;) {
      let page;
      try {
        page = await deps.inbox.page(url);
      } catch (error) {
        // The delta state is gone (410 Gone, syncStateNotFound): once per read, start again from the last 7 days.
        if (!(error instanceof GraphInboxError && error.status === 410) || restarted) throw error;
        restarted = true;
        await asService(deps.app, (tx) => forgetDeltaLink(tx, claim.email));
        url = deps.inbox.startUrl(claim.email, daysAgo(FIRST_READ_DAYS));
        continue;
      }
      counts.pages++;
      counts.seen += page.messages.length;
      const answers = await asService(deps.app, (tx) => answersOfOurs(tx, claim, page.messages));
      for (const answer of answers) {
        const raw = await deps.inbox.mime(claim.email, answer.id);
        counts.fetched++;
        const result = await receiveInboundEmail(deps.app, raw, { mailbox: claim.email });
        if (result.status === 'stored') counts.stored++;
      }
      if (page.deltaLink) {
        const deltaLink = page.deltaLink;
        await asService(deps.app, (tx) => mailboxSynced(tx, claim.email, deps.worker, deltaLink));
        return { status: 'synced', ...counts, restarted };
      }
      if (!page.nextLink) throw new GraphInboxError(502, 'a delta page with neither @odata.nextLink nor @odata.deltaLink', null);
      url = page.nextLink;
    }
  } catch (error) {
    return stopped(deps, claim.email, error);
  }
}

/** The back-off after a failed read: 1, 2, 4 … minutes, at most 30. */
const backOffSeconds = (failures: number) => Math.min(60 * 2 ** failures, 1800);

async function stopped(deps: MailboxSyncDeps, email: string, error: unknown): Promise<MailboxSyncResult> {
  return asService(deps.app, async (tx) => {
    const failed = error instanceof GraphInboxError ? error : new GraphInboxError(0, (error as Error).message, null);
    const detail = failed.detail.slice(0, 500);
    let stop;
    if (failed.status === 429) {
      const seconds = failed.retryAfterSeconds ?? 60;
      stop = { why: say('mailbox.throttled', { mailbox: email, seconds }), waitSeconds: seconds, error: false, failed: false };
    } else if (failed.status === 403 || failed.status === 404) {
      // Refused (no licence, outside the application access policy): looked at again after the longest back-off.
      stop = { why: say('mailbox.refused', { mailbox: email, status: failed.status, detail }), waitSeconds: 1800, error: true, failed: true };
    } else {
      const seconds = Math.max(failed.retryAfterSeconds ?? 0, backOffSeconds(await failuresOf(tx, email)));
      stop = { why: say('mailbox.failed', { mailbox: email, status: failed.status, detail, seconds }), waitSeconds: seconds, error: true, failed: true };
    }
    await mailboxStopped(tx, email, deps.worker, stop);
    return { status: 'stopped', code: (stop.why as { code: string }).code, waitSeconds: stop.waitSeconds };
  });
}

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
