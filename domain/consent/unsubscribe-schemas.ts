// The answers of the unsubscribe links (/api/unsubscribe) to a mail client's
// one-click POST (RFC 8058). A person's browser gets a page instead (HTML).
import { z } from 'zod';

/** POST /api/unsubscribe/{token}: email consent withdrawn now, or already before. */
export const unsubscribedSchema = z.object({ success: z.literal(true), status: z.enum(['unsubscribed', 'already']) });
export type UnsubscribeStatus = z.infer<typeof unsubscribedSchema>['status'];

/** POST /api/unsubscribe/{token}/resubscribe: the candidate opted back in now, or was already in. */
export const resubscribedSchema = z.object({ success: z.literal(true), status: z.enum(['resubscribed', 'already']) });
export type ResubscribeStatus = z.infer<typeof resubscribedSchema>['status'];
