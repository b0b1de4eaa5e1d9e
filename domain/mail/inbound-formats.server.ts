// Which format a POST /api/inbound/email is in, by its Content-Type and shape
// (decision 037): a form is Mailgun's when it carries Mailgun's fields, else
// SendGrid's; JSON is Postmark's (the route reads it, inbound-postmark.server.ts);
// anything else is the raw RFC 822 message, as before.
import type pg from 'pg';
import { DomainError } from '../errors.ts';
import type { Said } from '../i18n/codes.ts';
import { carriesSecret, type InboundDelivery, type InboundFormat } from './inbound-delivery.server.ts';
import { isMailgunForm, mailgunDelivery, mailgunSignatureRefusal } from './inbound-mailgun.server.ts';
import { sendgridDelivery } from './inbound-sendgrid.server.ts';

const FORM_TYPE = /^(multipart\/form-data|application\/x-www-form-urlencoded)\s*(;|$)/i;

/** The delivery in a request body that is not JSON: a SendGrid or Mailgun form, or the raw message. */
export async function deliveryOf(contentType: string | undefined, body: Uint8Array<ArrayBuffer>): Promise<InboundDelivery> {
  if (!FORM_TYPE.test(contentType?.trim() ?? '')) return { format: 'rfc822', raw: Buffer.from(body) };
  let form: FormData;
  try {
    form = await new Response(body, { headers: { 'content-type': contentType! } }).formData();
  } catch {
    throw new DomainError(400, 'inbound_form_unreadable', 'body');
  }
  return isMailgunForm(form) ? mailgunDelivery(form) : sendgridDelivery(form);
}

/** A webhook sent without the raw message: the field that is missing and the setting that sends it (422). */
const RAW_MISSING: Record<Exclude<InboundFormat, 'rfc822'>, Said> = {
  sendgrid: 'inbound_raw_missing_sendgrid',
  mailgun: 'inbound_raw_missing_mailgun',
  postmark: 'inbound_raw_missing_postmark',
};
const RAW_FIELD: Record<Exclude<InboundFormat, 'rfc822'>, string> = { sendgrid: 'email', mailgun: 'body-mime', postmark: 'RawEmail' };

export interface InboundRefusal { status: 401 | 422 | 503; said: Said; field: string }

/**
 * The delivery's raw message once its credentials hold, else why not: its service's credential is
 * not configured (503), the request's is wrong (401: Mailgun's signature, else INBOUND_MAIL_SECRET),
 * or the service was not set to send the raw message (422, told only to a sender that proved itself).
 */
export async function acceptedRaw(owner: pg.Pool, delivery: InboundDelivery, authorization: string | undefined,
  credentials: { inboundMailSecret?: string; mailgunSigningKey?: string }): Promise<Buffer | InboundRefusal> {
  if (delivery.format === 'mailgun') {
    if (!credentials.mailgunSigningKey) return { status: 503, said: 'mailgun_not_configured', field: 'signature' };
    const refusal = await mailgunSignatureRefusal(owner, delivery.signature, credentials.mailgunSigningKey);
    if (refusal) return { status: 401, ...refusal };
  } else {
    if (!credentials.inboundMailSecret) return { status: 503, said: 'inbound_not_configured', field: 'authorization' };
    if (!carriesSecret(authorization, credentials.inboundMailSecret)) return { status: 401, said: 'invalid_inbound_secret', field: 'authorization' };
  }
  if (delivery.raw) return delivery.raw;
  const format = delivery.format as Exclude<InboundFormat, 'rfc822'>; // the raw path always has its body
  return { status: 422, said: RAW_MISSING[format], field: RAW_FIELD[format] };
}
