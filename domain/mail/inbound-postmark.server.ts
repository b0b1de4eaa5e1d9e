// Postmark's inbound webhook: JSON, with the whole message in `RawEmail` when the
// server's "Include raw email content in JSON payload" is on, and the envelope's
// recipient in `OriginalRecipient`. Postmark authenticates with basic auth in the
// webhook URL (https://inbound:<INBOUND_MAIL_SECRET>@…/api/inbound/email), checked by carriesSecret.
import { z } from 'zod';
import { parseFields, withEnvelopeRecipients, type InboundDelivery } from './inbound-delivery.server.ts';

// Only what is read; Postmark's parsed fields (TextBody, HtmlBody, Attachments…) are left alone.
const payloadSchema = z.object({ RawEmail: z.string().optional(), OriginalRecipient: z.string().max(1000).optional() });

/** The delivery in Postmark's JSON; without `RawEmail`, its raw is null. */
export function postmarkDelivery(json: unknown): InboundDelivery {
  const { RawEmail, OriginalRecipient } = parseFields(payloadSchema, json);
  return { format: 'postmark', raw: RawEmail === undefined ? null : withEnvelopeRecipients(RawEmail, OriginalRecipient ? [OriginalRecipient] : []) };
}
