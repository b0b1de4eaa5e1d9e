// The one port every mail adapter implements (SMTP, Microsoft Graph, dev outbox).
// Adapters get a fully built message: headers are decided in compose.ts, once.
import MailComposer from 'nodemailer/lib/mail-composer';
import type { MailComposerOptions } from 'nodemailer/lib/mail-composer';
import { encodeWord } from 'nodemailer/lib/mime-funcs';

export interface OutgoingMail {
  /** Row id in public.messages; null for mail that is not a message (a meeting email). */
  messageRowId: number | null;
  /** The Message-ID header, angle brackets included; derived from the row id, so a resend is recognisable. */
  messageId: string;
  from: string;
  to: { name: string; address: string };
  replyTo: string;
  subject: string;
  text: string;
  html: string;
  inReplyTo?: string;
  references?: string[];
  /** Extra headers: List-Unsubscribe, List-Unsubscribe-Post, ... */
  headers: Record<string, string>;
  /** An iTIP invitation (ICS text): sent as the text/calendar alternative that mail clients offer to accept. */
  calendar?: { method: 'REQUEST' | 'CANCEL'; content: string };
  /**
   * Microsoft Graph: the user whose mailbox sends it (a recruiter's own, decision 039); absent: the configured
   * one (MS_MAILBOX). Never another one instead: a refused mailbox fails the mail.
   */
  mailbox?: string;
}

export interface MailPort {
  readonly kind: 'smtp' | 'graph' | 'outbox';
  /** Resolves once the receiving server accepted the message; throws MailDeliveryError otherwise. */
  send(mail: OutgoingMail): Promise<{ providerMessageId: string }>;
  close(): Promise<void>;
}

/** `permanent`: retrying cannot help (a 5xx answer, a refused address); the message is marked failed. */
export class MailDeliveryError extends Error {
  permanent: boolean;
  /** Set when the provider refused the sending mailbox itself (Graph 403/404: no licence, not allowed to the app). */
  refusedMailbox?: { mailbox: string; status: number; detail: string };
  constructor(message: string, permanent: boolean, options?: { cause?: unknown; refusedMailbox?: MailDeliveryError['refusedMailbox'] }) {
    super(message, options);
    this.permanent = permanent;
    this.refusedMailbox = options?.refusedMailbox;
  }
}

/** An RFC 2047 encoded word: "=?charset?Q|B?text?=". */
const ENCODED_WORD = /=\?[^?\s]+\?[bq]\?[^?\s]*\?=/i;

/**
 * A subject or display name as a header carries it. nodemailer passes an encoded word through as it is (a caller
 * may have encoded it), so text that merely holds one ("=?utf-8?q?x?=") is encoded whole: the candidate reads it
 * as written, not decoded (RFC 2047 section 5).
 */
export function literalHeaderText(text: string): string {
  return ENCODED_WORD.test(text) ? encodeWord(text, 'Q', 52) : text;
}

export function composerOptions(mail: OutgoingMail): MailComposerOptions {
  return {
    messageId: mail.messageId,
    from: mail.from,
    to: { name: literalHeaderText(mail.to.name), address: mail.to.address },
    replyTo: mail.replyTo,
    subject: literalHeaderText(mail.subject),
    text: mail.text,
    html: mail.html,
    inReplyTo: mail.inReplyTo,
    references: mail.references,
    // Prepared: header values are written as given (no encoding of the URL in List-Unsubscribe).
    headers: Object.fromEntries(Object.entries(mail.headers).map(([key, value]) => [key, { prepared: true, value }])),
    icalEvent: mail.calendar ? { method: mail.calendar.method, content: mail.calendar.content } : undefined,
  };
}

/**
 * The message as RFC 822 bytes (SMTP, the outbox, Graph's MIME upload) and its SMTP envelope (the From and To
 * addresses as the headers write them). nodemailer keeps a body's own line breaks (LF) unless told the newline;
 * a stored or uploaded copy needs CRLF itself (RFC 5322), and SMTP sends it as it is.
 */
export async function buildMessage(mail: OutgoingMail): Promise<{ raw: Buffer; envelope: { from: string; to: string[] } }> {
  const message = new MailComposer({ ...composerOptions(mail), newline: 'windows' }).compile();
  const { from, to } = message.getEnvelope();
  return { raw: await message.build(), envelope: { from: from || '', to } };
}

export async function buildRaw(mail: OutgoingMail): Promise<Buffer> {
  return (await buildMessage(mail)).raw;
}
