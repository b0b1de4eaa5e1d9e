// Graph change notifications on the recruiters' inboxes (decision 039): with an https PUBLIC_URL, each
// mailbox that is read without trouble gets a subscription (new messages in its Inbox), renewed before it
// expires; a notification then queues that mailbox's read at once (POST /api/graph/notifications). The
// polling reads go on regardless: a subscription Graph could not make, one that lapsed, or a notification
// that never came only delays an answer until the next poll. One pass makes what is missing and renews
// what is due; a mailbox Graph refuses is tried again at the next pass.
import type pg from 'pg';
import { asService } from '../../platform/db/request.server.ts';
import type { GraphSubscriptions } from '../../platform/mail/graph-subscriptions.server.ts';
import { GraphInboxError } from '../../platform/mail/graph-inbox.server.ts';
import {
  inboxResource, mailboxesToSubscribe, newClientState, notificationUrlOf, subscriptionExpiry, subscriptionGone,
  subscriptionRenewed, subscriptionSaved, subscriptionsToRenew,
} from '../mail/mailbox-subscriptions.server.ts';

export interface InboxSubscriptionDeps {
  app: pg.Pool;
  subscriptions: GraphSubscriptions;
  publicUrl: string;
  /** Why a mailbox has no subscription now (Graph's words). */
  warn: (message: string, fields: Record<string, unknown>) => void;
}

export interface InboxSubscriptionPass { created: number; renewed: number; failed: number }

/** Makes the missing subscriptions and renews those that are due (see the file's comment). */
export async function keepInboxSubscriptions(deps: InboxSubscriptionDeps): Promise<InboxSubscriptionPass> {
  const pass = { created: 0, renewed: 0, failed: 0 };
  const notificationUrl = notificationUrlOf(deps.publicUrl);
  if (!notificationUrl) return pass;
  const failed = (mailbox: string, error: unknown) => {
    pass.failed++;
    deps.warn('mailbox subscription failed', { mailbox, error: (error as Error).message });
  };

  for (const { subscriptionId, mailbox } of await asService(deps.app, (tx) => subscriptionsToRenew(tx, notificationUrl))) {
    try {
      const { expiresAt } = await deps.subscriptions.renew(subscriptionId, subscriptionExpiry());
      await asService(deps.app, (tx) => subscriptionRenewed(tx, subscriptionId, expiresAt));
      pass.renewed++;
    } catch (error) {
      // Gone at Graph: made again below.
      if (error instanceof GraphInboxError && error.status === 404) await asService(deps.app, (tx) => subscriptionGone(tx, subscriptionId));
      else failed(mailbox, error);
    }
  }

  for (const mailbox of await asService(deps.app, (tx) => mailboxesToSubscribe(tx, notificationUrl))) {
    const { clientState, hash } = newClientState();
    try {
      const made = await deps.subscriptions.create({ resource: inboxResource(mailbox), notificationUrl, clientState, expiresAt: subscriptionExpiry() });
      const replaced = await asService(deps.app, (tx) => subscriptionSaved(tx, {
        mailbox, subscriptionId: made.id, clientStateHash: hash, notificationUrl, expiresAt: made.expiresAt,
      }));
      pass.created++;
      if (replaced) await deps.subscriptions.remove(replaced).catch((error: unknown) => failed(mailbox, error));
    } catch (error) {
      failed(mailbox, error);
    }
  }
  return pass;
}
