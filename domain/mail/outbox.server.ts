// The dev outbox: with no mail service configured, "sending" stores the full
// message in public.mail_outbox, where the recruiter can read it in the app
// (GET /api/outbox) and answer it as the candidate.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import MailComposer from 'nodemailer/lib/mail-composer';
import { asService } from '../../platform/db/request.server.ts';
import { isoTimestamp } from '../../platform/db/sql-time.server.ts';
import type { OutboxEmail, OutboxEmailSummary } from './outbox-schemas.ts';
import { replySubject } from './reply-subject.ts';
import { buildRaw, type MailPort } from '../../platform/mail/port.server.ts';

export function createOutboxMail(app: pg.Pool): MailPort {
  return {
    kind: 'outbox',
    async send(mail) {
      const raw = (await buildRaw(mail)).toString('utf8');
      // Keyed by Message-ID: a resend of the same message is stored once.
      await asService(app, (tx) => tx.query(
        `insert into public.mail_outbox (message_id, internet_message_id, from_address, to_address, reply_to, subject,
                                         text_body, html_body, headers, raw)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
         on conflict (internet_message_id) do nothing`,
        [mail.messageRowId, mail.messageId, mail.from, `${mail.to.name} <${mail.to.address}>`, mail.replyTo, mail.subject,
          mail.text, mail.html, JSON.stringify(headersOf(raw)), raw]));
      return { providerMessageId: mail.messageId };
    },
    async close() {},
  };
}

/** The top-level header lines of a raw message, unfolded, as a name → value map. */
function headersOf(raw: string): Record<string, string> {
  const head = raw.split(/\r?\n\r?\n/, 1)[0].replace(/\r?\n[ \t]+/g, ' ');
  const headers: Record<string, string> = {};
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon)] = line.slice(colon + 1).trim();
  }
  return headers;
}

// --- Reading the outbox, and answering a message as the candidate ---

export async function listOutbox(tx: pg.PoolClient, limit = 100): Promise<OutboxEmailSummary[]> {
  const { rows } = await tx.query<OutboxEmailSummary>(
    `select id, message_id as "messageId", from_address as "from", to_address as "to", subject, ${isoTimestamp('created_at')} as "createdAt"
       from public.mail_outbox order by created_at desc, id desc limit $1`, [limit]);
  return rows;
}

export async function getOutboxEmail(tx: pg.PoolClient, id: number): Promise<OutboxEmail | null> {
  const { rows } = await tx.query<OutboxEmail>(
    `select id, message_id as "messageId", internet_message_id as "internetMessageId", from_address as "from",
            to_address as "to", reply_to as "replyTo", subject, text_body as text, html_body as html, headers, raw,
            ${isoTimestamp('created_at')} as "createdAt"
       from public.mail_outbox where id = $1`, [id]);
  return rows[0] ?? null;
}

/**
 * A reply from the candidate's mail client to an outbox email, as raw RFC 822:
 * threading headers, "Re:" subject and the quoted original, like Gmail writes it.
 */
export async function candidateReply(email: Pick<OutboxEmail, 'to' | 'replyTo' | 'subject' | 'text' | 'internetMessageId' | 'headers' | 'from' | 'createdAt'>,
  content: string): Promise<Buffer> {
  const candidate = email.to;
  const domain = /@([^>\s]+)/.exec(candidate)?.[1] ?? 'mail.example';
  const sentAt = new Date(email.createdAt).toUTCString().replace(' GMT', ' UTC');
  const quoted = (email.text ?? '').trim().split('\n').map((line) => `> ${line}`.trimEnd()).join('\n');
  const references = [...(email.headers.References?.match(/<[^<>\s]+>/g) ?? []), email.internetMessageId];
  return new MailComposer({
    from: candidate,
    to: email.replyTo ?? email.from,
    subject: replySubject(email.subject),
    messageId: `<${randomUUID()}@${domain}>`,
    inReplyTo: email.internetMessageId,
    references,
    date: new Date(),
    text: `${content}\n\nOn ${sentAt}, ${email.from} wrote:\n${quoted}\n`,
    newline: 'windows', // CRLF, like every raw mail we keep (see buildRaw)
  }).compile().build();
}
