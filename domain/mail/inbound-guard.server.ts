// The gate in front of the inbound mail parser: a message we cannot read (a
// header too large, too many MIME parts, NUL bytes, a parser failure) is not an
// error on our side. It is kept in inbound_unmatched with the reason, raw, for
// an admin to look at, and refused with 413/422 (UnreadableMailError).
import { simpleParser, type ParsedMail, type SimpleParserOptions } from 'mailparser';
import type pg from 'pg';
import { asService } from '../../platform/db/request.server.ts';
import { DomainError } from '../errors.ts';
import { coded, say, type Said } from '../i18n/codes.ts';
import { englishText } from '../i18n/english.ts';

/** Limits checked before parsing; mailparser's own (1 MB per header, 1,000 parts) end in a thrown error. */
export const MAIL_LIMITS = {
  headerBytes: 256 * 1024,
  parts: 500,
  multiparts: 50,
  /** RFC 5322's line limit; a longer Message-ID cannot be indexed either. */
  messageIdChars: 998,
} as const;

export class UnreadableMailError extends DomainError {
  unmatchedId: number;
  constructor(status: 413 | 422, said: Said, unmatchedId: number) {
    super(status, said, 'body');
    this.unmatchedId = unmatchedId;
  }
}

type Refusal = [status: 413 | 422, reason: Said];

function headerEnd(bytes: Buffer): number {
  const crlf = bytes.indexOf('\r\n\r\n');
  const lf = bytes.indexOf('\n\n');
  return [crlf, lf].filter((at) => at >= 0).reduce((a, b) => Math.min(a, b), bytes.length);
}

/** What makes a message unreadable before it is parsed, if anything. */
function checkStructure(bytes: Buffer): Refusal | null {
  if (headerEnd(bytes.subarray(0, MAIL_LIMITS.headerBytes + 4)) > MAIL_LIMITS.headerBytes) {
    return [413, say('mail_header_too_large', { size: MAIL_LIMITS.headerBytes / 1024 })];
  }
  if (bytes.includes(0)) return [422, 'mail_nul_bytes'];
  const text = bytes.toString('latin1');
  const parts = text.match(/^content-type:/gim)?.length ?? 0;
  if (parts > MAIL_LIMITS.parts) return [422, say('mail_too_many_parts', { max: MAIL_LIMITS.parts })];
  const multiparts = text.match(/^content-type:\s*multipart\//gim)?.length ?? 0;
  if (multiparts > MAIL_LIMITS.multiparts) return [422, say('mail_too_deep', { max: MAIL_LIMITS.multiparts })];
  return null;
}

/** What makes a parsed message unstorable, if anything. */
function checkParsed(parsed: ParsedMail): Refusal | null {
  if ((parsed.messageId?.length ?? 0) > MAIL_LIMITS.messageIdChars) {
    return [422, say('mail_message_id_too_long', { max: MAIL_LIMITS.messageIdChars })];
  }
  // Encoded text (base64, quoted-printable, =?..?=) can decode to NUL, which PostgreSQL cannot store.
  const decoded = JSON.stringify([parsed.subject, parsed.text, parsed.html, [...parsed.headers]]);
  if (decoded.includes('\\u0000')) return [422, 'mail_decodes_to_nul'];
  return null;
}

/** One header of the top block, unfolded and short, for the admin's list. */
function headerValue(head: string, name: string, max: number): string | null {
  const match = new RegExp(`^${name}:[ \\t]*(.*(?:\\r?\\n[ \\t].*)*)`, 'im').exec(head);
  return match ? match[1].replace(/\r?\n[ \t]+/g, ' ').trim().slice(0, max) || null : null;
}

/** Keeps the message aside with the reason (NUL bytes shown as U+FFFD) and refuses it. */
async function keepAside(app: pg.Pool, bytes: Buffer, [status, reason]: Refusal): Promise<never> {
  const raw = bytes.toString('utf8').replaceAll('\u0000', '\uFFFD');
  const start = raw.slice(0, 64 * 1024);
  const end = start.search(/\r?\n\r?\n/);
  const head = end >= 0 ? start.slice(0, end) : start;
  const messageId = headerValue(head, 'Message-ID', MAIL_LIMITS.messageIdChars + 1);
  const id = await asService(app, async (tx) => {
    const { rows } = await tx.query<{ id: number }>(
      `insert into public.inbound_unmatched (internet_message_id, from_address, subject, reason, raw, reason_code, reason_params)
       values ($1, $2, $3, $4, $5, $6, $7)
       on conflict (internet_message_id) do update set received_at = inbound_unmatched.received_at returning id`,
      [messageId && /^<[^<>\s]+>$/.test(messageId) && messageId.length <= MAIL_LIMITS.messageIdChars ? messageId : null,
        // The code is the refusal's own (its words without "Not read: ").
        headerValue(head, 'From', 300), headerValue(head, 'Subject', 300), `Not read: ${englishText(reason)}`, raw,
        coded(reason).code, coded(reason).params ?? null]);
    return rows[0].id;
  });
  throw new UnreadableMailError(status, reason, id);
}

/**
 * Parses an inbound message, or keeps it aside and throws UnreadableMailError
 * when it is too large in structure, malformed, or decodes to unstorable text.
 */
export async function parseInboundMail(app: pg.Pool, raw: Buffer | string, options: SimpleParserOptions = {}): Promise<ParsedMail> {
  const bytes = Buffer.isBuffer(raw) ? raw : Buffer.from(raw);
  const before = checkStructure(bytes);
  if (before) return keepAside(app, bytes, before);
  let parsed: ParsedMail;
  try {
    parsed = await simpleParser(bytes, options);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return keepAside(app, bytes, [/header size/i.test(message) ? 413 : 422, say('mail_unparsable', { detail: message })]);
  }
  const after = checkParsed(parsed);
  if (after) return keepAside(app, bytes, after);
  return parsed;
}
