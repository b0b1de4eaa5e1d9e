// Graph change-notification subscriptions on the recruiters' inboxes (decision 039,
// public.mailbox_subscriptions): which mailboxes need one, which are due for renewal, and which
// mailboxes a batch of notifications names. A subscription's secret (its clientState) is made here,
// sent to Graph once, and kept only as its SHA-256: a notification counts when the hash of the
// clientState it carries is the one stored for its subscription id.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Tx } from '../../platform/db/request.server.ts';

/** Where Graph posts notifications, under PUBLIC_URL. */
export const NOTIFICATIONS_PATH = '/api/graph/notifications';
/** A subscription's life: Graph allows at most 4230 minutes (under 3 days) for Outlook messages. */
export const SUBSCRIPTION_MINUTES = 4200;
/** Notifications of one mailbox within this many seconds queue one read (Graph may send several for one mail). */
export const NOTIFIED_READ_SLOT_SECONDS = 5;
/** Renewed when less than this is left: the renewal job runs every 10 minutes, so many tries before expiry. */
export const RENEW_WITHIN_HOURS = 24;

/** The notification URL under an https PUBLIC_URL; null otherwise (Graph posts to https URLs only). */
export function notificationUrlOf(publicUrl: string): string | null {
  return new URL(publicUrl).protocol === 'https:' ? `${publicUrl.replace(/\/$/, '')}${NOTIFICATIONS_PATH}` : null;
}

/** The subscribed resource: new messages in the mailbox's Inbox. */
export const inboxResource = (mailbox: string) => `users/${mailbox}/mailFolders('inbox')/messages`;

const hashOf = (clientState: string) => createHash('sha256').update(clientState).digest('hex');

/** A new subscription's secret, and the hash that is stored of it. */
export function newClientState(): { clientState: string; hash: string } {
  const clientState = randomBytes(32).toString('base64url');
  return { clientState, hash: hashOf(clientState) };
}

export const subscriptionExpiry = (from = Date.now()) => new Date(from + SUBSCRIPTION_MINUTES * 60_000);

/**
 * Mailboxes read without trouble that have no live subscription to `notificationUrl` (none yet, one that
 * expired, or one made for another PUBLIC_URL).
 */
export async function mailboxesToSubscribe(tx: Tx, notificationUrl: string): Promise<string[]> {
  const { rows } = await tx.query<{ email: string }>(
    `select m.email from public.mailboxes m left join public.mailbox_subscriptions s on s.mailbox = m.email
      where m.last_sync_at is not null and m.state = 'syncing'
        and (s.mailbox is null or s.notification_url <> $1 or s.expires_at <= now())
      order by m.email limit 1000`, [notificationUrl]);
  return rows.map((row) => row.email);
}

/** Keeps the mailbox's new subscription; answers the one it replaces (to end at Graph), if any. */
export async function subscriptionSaved(tx: Tx, subscription: {
  mailbox: string; subscriptionId: string; clientStateHash: string; notificationUrl: string; expiresAt: Date;
}): Promise<string | null> {
  const { rows } = await tx.query<{ previous: string | null }>(
    `with previous as (select subscription_id from public.mailbox_subscriptions where mailbox = $1 for update)
     insert into public.mailbox_subscriptions as s (mailbox, subscription_id, client_state_hash, notification_url, expires_at)
     values ($1, $2, $3, $4, $5)
     on conflict (mailbox) do update set subscription_id = excluded.subscription_id, client_state_hash = excluded.client_state_hash,
       notification_url = excluded.notification_url, expires_at = excluded.expires_at, created_at = now(), renewed_at = null
     returning (select subscription_id from previous) as previous`,
    [subscription.mailbox, subscription.subscriptionId, subscription.clientStateHash, subscription.notificationUrl, subscription.expiresAt]);
  const previous = rows[0]?.previous ?? null;
  return previous === subscription.subscriptionId ? null : previous;
}

/** Live subscriptions to `notificationUrl` with less than RENEW_WITHIN_HOURS left. */
export async function subscriptionsToRenew(tx: Tx, notificationUrl: string): Promise<Array<{ subscriptionId: string; mailbox: string }>> {
  const { rows } = await tx.query<{ subscriptionId: string; mailbox: string }>(
    `select subscription_id as "subscriptionId", mailbox from public.mailbox_subscriptions
      where notification_url = $1 and expires_at > now() and expires_at < now() + make_interval(hours => $2)
      order by expires_at limit 1000`, [notificationUrl, RENEW_WITHIN_HOURS]);
  return rows;
}

export async function subscriptionRenewed(tx: Tx, subscriptionId: string, expiresAt: Date) {
  await tx.query('update public.mailbox_subscriptions set expires_at = $2, renewed_at = now() where subscription_id = $1', [subscriptionId, expiresAt]);
}

/** Graph no longer has it (404 on renewal): the next pass makes a new one. */
export async function subscriptionGone(tx: Tx, subscriptionId: string) {
  await tx.query('delete from public.mailbox_subscriptions where subscription_id = $1', [subscriptionId]);
}

/**
 * Of a batch of notifications, the mailboxes whose subscription id is ours and whose clientState is
 * that subscription's secret (each once), and how many notifications were neither.
 */
export async function notifiedMailboxes(tx: Tx, notifications: Array<{ subscriptionId: string; clientState?: string | null }>):
Promise<{ mailboxes: string[]; refused: number }> {
  const { rows } = await tx.query<{ subscription_id: string; mailbox: string; client_state_hash: string }>(
    `select subscription_id, mailbox, client_state_hash from public.mailbox_subscriptions
      where subscription_id = any($1) and expires_at > now()`, [[...new Set(notifications.map((n) => n.subscriptionId))]]);
  const byId = new Map(rows.map((row) => [row.subscription_id, row]));
  const mailboxes = new Set<string>();
  let refused = 0;
  for (const notification of notifications) {
    const known = byId.get(notification.subscriptionId);
    const hash = Buffer.from(hashOf(notification.clientState ?? ''));
    if (known && timingSafeEqual(hash, Buffer.from(known.client_state_hash))) mailboxes.add(known.mailbox);
    else refused++;
  }
  return { mailboxes: [...mailboxes], refused };
}
