// An inbound mail as a service delivered it to POST /api/inbound/email: the raw
// RFC 822 message (or the webhook form of SendGrid, Mailgun or Postmark around
// it), and how it proves who sent it. Each format's own rules are in
// inbound-<service>.server.ts; what they share is here (decision 037).
import { z } from 'zod';
import { DomainError } from '../errors.ts';
import { say } from '../i18n/codes.ts';
import { issueCoded } from '../schemas/issues.ts';
import { fieldName } from '../schemas/text.ts';
import { sameSecret } from '../whatsapp/secrets.server.ts';

export type InboundFormat = 'rfc822' | 'sendgrid' | 'mailgun' | 'postmark';

/** Mailgun's proof, in the form itself: HMAC-SHA256 of timestamp + token with the signing key. */
export interface MailgunSignature { timestamp?: string; token?: string; signature?: string }

export type InboundDelivery =
  | { format: 'rfc822' | 'sendgrid' | 'postmark'; raw: Buffer | null }
  | { format: 'mailgun'; raw: Buffer | null; signature: MailgunSignature };

/** The service's fields (of the body, or of a field `within` it), validated; a bad one is a 400 naming it. */
export function parseFields<S extends z.ZodType>(schema: S, data: unknown, within?: string): z.infer<S> {
  const result = schema.safeParse(data, { reportInput: true });
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = fieldName(within ? [within, ...issue.path] : issue.path, 'body');
  throw new DomainError(400, issueCoded(issue, field), field);
}

/** A form's fields by name; a field given twice is refused (which one would count?). */
export function formFields(form: FormData, names: readonly string[]): Record<string, FormDataEntryValue> {
  const fields: Record<string, FormDataEntryValue> = {};
  for (const name of names) {
    const values = form.getAll(name);
    if (values.length > 1) throw new DomainError(400, say('duplicate_key', { field: name }), name);
    if (values.length) fields[name] = values[0];
  }
  return fields;
}

const ADDRESS = /^[^\s<>,;:"@]+@[^\s<>,;:"@]+$/;

/**
 * The raw message with the envelope recipients the service reports as X-Original-To, as a
 * receiving MTA adds them: the reply address (reply+<token>@…) threads even when only the
 * envelope has it. Only plain addresses: nothing else can get into the header block.
 */
export function withEnvelopeRecipients(raw: string, recipients: string[]): Buffer {
  const header = recipients.map((address) => address.trim()).filter((address) => address.length <= 320 && ADDRESS.test(address))
    .map((address) => `X-Original-To: ${address}\r\n`).join('');
  return Buffer.from(header + raw, 'utf8');
}

/**
 * Whether the request carries INBOUND_MAIL_SECRET: as `Authorization: Bearer <secret>` (a pipe
 * from the MTA) or as the basic-auth password (credentials in the webhook URL, which SendGrid and
 * Postmark send that way; the user name is free).
 */
export function carriesSecret(authorization: string | undefined, secret: string): boolean {
  const [, scheme = '', value = ''] = /^(\w+)\s+(.+)$/.exec((authorization ?? '').trim()) ?? [];
  let given = '';
  if (/^bearer$/i.test(scheme)) given = value;
  if (/^basic$/i.test(scheme)) {
    const decoded = Buffer.from(value, 'base64').toString('utf8');
    given = decoded.includes(':') ? decoded.slice(decoded.indexOf(':') + 1) : '';
  }
  return given !== '' && sameSecret(given, secret);
}
