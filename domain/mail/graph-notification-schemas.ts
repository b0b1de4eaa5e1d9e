// What Microsoft Graph posts to POST /api/graph/notifications (decision 039): the validation handshake
// (?validationToken=…, echoed as text/plain) and a changeNotificationCollection ({ value: [ … ] }, each
// with its subscriptionId and the clientState it was made with; other fields are Graph's and not read).
// Browser-safe.
import { z } from 'zod';

export const graphValidationQuerySchema = z.object({
  validationToken: z.string().min(1).max(2048).optional(),
});

export const graphNotificationsSchema = z.object({
  value: z.array(z.looseObject({
    subscriptionId: z.string().min(1).max(200),
    clientState: z.string().max(255).nullish(),
    changeType: z.string().max(100).optional(),
    resource: z.string().max(2000).optional(),
  })).min(1).max(1000),
});
export type GraphNotifications = z.infer<typeof graphNotificationsSchema>;

/** accepted: notifications of ours (their mailboxes' reads are queued); ignored: unknown subscription or wrong clientState. */
export const graphNotificationsResultSchema = z.object({
  accepted: z.number().int().nonnegative(),
  ignored: z.number().int().nonnegative(),
  mailboxesQueued: z.number().int().nonnegative(),
});
