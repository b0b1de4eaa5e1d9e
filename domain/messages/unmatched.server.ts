// Inbound mail kept aside because it matched no candidate or thread
// (domain/mail/inbound-guard.server.ts keepAside), for the people who handle it.
import type { Tx } from '../../platform/db/request.server.ts';
import type { UnmatchedEmail, UnmatchedEmailDetail } from './inbound-email-schemas.ts';

const HEADERS = 'id, internet_message_id as "internetMessageId", from_address as "from", to_addresses as "to", subject';
const REASON = 'reason_code as "reasonCode", reason_params as "reasonParams"';

/** The 200 newest, each text cut to 2000 characters. */
export async function listUnmatchedEmails(tx: Tx): Promise<UnmatchedEmail[]> {
  const { rows } = await tx.query<UnmatchedEmail>(
    `select ${HEADERS}, left(text_body, 2000) as text, reason, ${REASON}, received_at as "receivedAt"
       from public.inbound_unmatched order by received_at desc limit 200`);
  return rows;
}

/** One, whole, with the raw RFC 822 text (e.g. of a mail that could not be read). */
export async function getUnmatchedEmail(tx: Tx, id: number): Promise<UnmatchedEmailDetail | null> {
  const { rows } = await tx.query<UnmatchedEmailDetail>(
    `select ${HEADERS}, text_body as text, reason, ${REASON}, raw, received_at as "receivedAt"
       from public.inbound_unmatched where id = $1`, [id]);
  return rows[0] ?? null;
}
