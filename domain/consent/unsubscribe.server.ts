// Unsubscribe links (RFC 8058 one-click and the confirmation page). The token
// is the message's reply_token (96 random bits, unique per message), so the
// link names one message and so one candidate, and nothing else. Runs as
// service_role: no sign-in. Consent changes go through the ledger as the
// candidate's own choice, so only the candidate can reverse them: the page's
// "I changed my mind" button does, with source 'candidate'. Each answer carries the
// candidate's language, which the pages speak when it is known (issue 29).
import type pg from 'pg';
import { asService } from '../../platform/db/request.server.ts';
import { firstName } from '../placeholders/placeholders.ts';
import { recordCandidateConsent } from './ledger.server.ts';
import type { ResubscribeStatus, UnsubscribeStatus } from './unsubscribe-schemas.ts';
import type { Language } from '../schemas/language.ts';

export const UNSUBSCRIBE_TOKEN = /^[0-9a-f]{24}$/;

interface Target {
  message_id: number; candidate_id: number; campaign_id: number | null; name: string; unsubscribed_at: Date | null; language: Language | null;
}

const TARGET = `select m.id as message_id, m.candidate_id, m.campaign_id, c.name, c.unsubscribed_at, c.language
                  from public.messages m join public.candidates c on c.id = m.candidate_id where m.reply_token = $1`;

export type UnsubscribeState = { found: false } | { found: true; firstName: string; unsubscribed: boolean; language: Language | null };

/** What a link did, with the candidate's language (null: not known) for the page that says so. */
export interface LinkOutcome<Status> { status: Status; language: Language | null }

/** For the confirmation page: whose link it is, and whether they already left. Changes nothing. */
export async function unsubscribeState(app: pg.Pool, token: string): Promise<UnsubscribeState> {
  if (!UNSUBSCRIBE_TOKEN.test(token)) return { found: false };
  const { rows } = await asService(app, (tx) => tx.query<Target>(TARGET, [token]));
  if (!rows[0]) return { found: false };
  return { found: true, firstName: firstName(rows[0].name) ?? '', unsubscribed: Boolean(rows[0].unsubscribed_at), language: rows[0].language };
}

/** How the candidate reached us: the page's button, a mail client's one-click POST, or the mailto address. */
export type UnsubscribeVia = 'unsubscribe_link' | 'one_click' | 'list_unsubscribe_mailto';

const VIA_WORDING: Record<UnsubscribeVia, string> = {
  unsubscribe_link: 'Unsubscribed on the unsubscribe page',
  one_click: 'One-click unsubscribe from the mail client (RFC 8058)',
  list_unsubscribe_mailto: 'Unsubscribe mail to the List-Unsubscribe address',
};

/** Withdraws email consent as the candidate's own choice. Idempotent. */
export async function unsubscribe(app: pg.Pool, token: string, via: UnsubscribeVia = 'unsubscribe_link'): Promise<LinkOutcome<UnsubscribeStatus> | 'not_found'> {
  if (!UNSUBSCRIBE_TOKEN.test(token)) return 'not_found';
  return asService(app, async (tx) => {
    const { rows } = await tx.query<Target>(`${TARGET} for update of c`, [token]);
    const target = rows[0];
    if (!target) return 'not_found';
    const written = await recordCandidateConsent(tx, { candidateId: target.candidate_id, channel: 'email', granted: false,
      source: via, wording: `${VIA_WORDING[via]} (message ${target.message_id})` });
    if (!written) return { status: 'already', language: target.language };
    await tx.query(
      `insert into public.engagement_events (candidate_id, message_id, campaign_id, kind, metadata)
       values ($1, $2, $3, 'unsubscribe', $4)`,
      [target.candidate_id, target.message_id, target.campaign_id, JSON.stringify({ source: via })]);
    return { status: 'unsubscribed', language: target.language };
  });
}

/** "I changed my mind": the candidate opts back in to email (source 'candidate'). Idempotent. */
export async function resubscribe(app: pg.Pool, token: string): Promise<LinkOutcome<ResubscribeStatus> | 'not_found'> {
  if (!UNSUBSCRIBE_TOKEN.test(token)) return 'not_found';
  return asService(app, async (tx) => {
    const { rows } = await tx.query<Target>(`${TARGET} for update of c`, [token]);
    const target = rows[0];
    if (!target) return 'not_found';
    const written = await recordCandidateConsent(tx, { candidateId: target.candidate_id, channel: 'email', granted: true,
      source: 'candidate', wording: `Opted back in with "I changed my mind" on the unsubscribe page (message ${target.message_id})` });
    return { status: written ? 'resubscribed' : 'already', language: target.language };
  });
}
