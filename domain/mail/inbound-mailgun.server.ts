// Mailgun's raw MIME form: a route that forwards to a URL ending in "mime"
// (…/api/inbound/email/mime) posts `body-mime` (the whole message), `recipient`
// (the envelope's) and its signature: `signature` = hex HMAC-SHA256 of `timestamp`
// + `token` with the HTTP webhook signing key (MAILGUN_SIGNING_KEY). The signature
// does not cover the body, so a signature is taken once and only while it is fresh.
import { createHmac } from 'node:crypto';
import type pg from 'pg';
import { z } from 'zod';
import { hit, type RateRule } from '../../platform/http/rate-limit.server.ts';
import type { Said } from '../i18n/codes.ts';
import { sameSecret } from '../whatsapp/secrets.server.ts';
import { formFields, parseFields, withEnvelopeRecipients, type InboundDelivery, type MailgunSignature } from './inbound-delivery.server.ts';

/** How far a signature's timestamp may be from now, either way (clock skew included). */
export const MAILGUN_SIGNATURE_MAX_AGE_SECONDS = 5 * 60;

/** Each token once, for as long as its timestamp could still pass (fixed windows: twice the age). */
const MAILGUN_TOKEN_ONCE: RateRule = { name: 'inbound-mailgun-token', limit: 1, windowSeconds: 2 * MAILGUN_SIGNATURE_MAX_AGE_SECONDS };

const SIGNATURE_FIELDS = ['timestamp', 'token', 'signature'] as const;
const formSchema = z.object({
  'body-mime': z.string().optional(),
  recipient: z.string().max(10_000).optional(),
  timestamp: z.string().max(100).optional(),
  token: z.string().max(1000).optional(),
  signature: z.string().max(1000).optional(),
});

/** Whether a form is Mailgun's: it carries the raw message or the signature fields. */
export function isMailgunForm(form: FormData): boolean {
  return ['body-mime', ...SIGNATURE_FIELDS].some((name) => form.has(name));
}

export function mailgunDelivery(form: FormData): InboundDelivery {
  const fields = parseFields(formSchema, formFields(form, ['body-mime', 'recipient', ...SIGNATURE_FIELDS]));
  const mime = fields['body-mime'];
  const recipients = (fields.recipient ?? '').split(',');
  return {
    format: 'mailgun', raw: mime === undefined ? null : withEnvelopeRecipients(mime, recipients),
    signature: { timestamp: fields.timestamp, token: fields.token, signature: fields.signature },
  };
}

/** Why Mailgun's signature is refused (a 401), or null when it is Mailgun's, fresh and new. */
export async function mailgunSignatureRefusal(owner: pg.Pool, given: MailgunSignature, signingKey: string, now = new Date()): Promise<{ said: Said; field: string } | null> {
  const { timestamp = '', token = '', signature = '' } = given;
  const expected = createHmac('sha256', signingKey).update(timestamp + token).digest('hex');
  if (!timestamp || !token || !sameSecret(signature.toLowerCase(), expected)) return { said: 'mailgun_signature_invalid', field: 'signature' };
  const age = Math.abs(now.getTime() / 1000 - Number(timestamp));
  if (!/^\d+$/.test(timestamp) || age > MAILGUN_SIGNATURE_MAX_AGE_SECONDS) return { said: 'mailgun_signature_replayed', field: 'timestamp' };
  if (!(await hit(owner, MAILGUN_TOKEN_ONCE, token)).allowed) return { said: 'mailgun_signature_replayed', field: 'token' };
  return null;
}
