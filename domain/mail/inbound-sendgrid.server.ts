// SendGrid Inbound Parse with "POST the raw, full MIME message" on: a multipart form whose
// `email` field is the whole message and `envelope` the SMTP envelope as JSON. Inbound Parse
// signs nothing by default; it authenticates with basic auth in its destination URL
// (https://inbound:<INBOUND_MAIL_SECRET>@…/api/inbound/email), checked by carriesSecret.
import { z } from 'zod';
import { DomainError } from '../errors.ts';
import { say } from '../i18n/codes.ts';
import { formFields, parseFields, withEnvelopeRecipients, type InboundDelivery } from './inbound-delivery.server.ts';

const formSchema = z.object({ email: z.string().optional(), envelope: z.string().max(100_000).optional() });
const envelopeSchema = z.object({ to: z.array(z.string().max(1000)).max(1000).optional() });

/** The delivery in SendGrid's form (any form that is not Mailgun's); without `email`, its raw is null. */
export function sendgridDelivery(form: FormData): InboundDelivery {
  const { email, envelope } = parseFields(formSchema, formFields(form, ['email', 'envelope']));
  return { format: 'sendgrid', raw: email === undefined ? null : withEnvelopeRecipients(email, envelopeRecipients(envelope)) };
}

function envelopeRecipients(envelope: string | undefined): string[] {
  if (envelope === undefined) return [];
  let data: unknown;
  try {
    data = JSON.parse(envelope);
  } catch {
    throw new DomainError(400, say('validation.invalid_format', { field: 'envelope', format: 'JSON object' }), 'envelope');
  }
  return parseFields(envelopeSchema, data, 'envelope').to ?? [];
}
