// One-click unsubscribe (RFC 8058). The token is the message's reply_token
// (96 random bits, unique per message), so the link names one message and so
// one candidate, and nothing else. Runs as service_role: no sign-in.
import type pg from 'pg';
import { asService } from './db/request.ts';
import { firstName } from './ai/placeholders.ts';

export const UNSUBSCRIBE_TOKEN = /^[0-9a-f]{24}$/;

interface Target { message_id: number; candidate_id: number; campaign_id: number | null; name: string; allows_email: boolean; unsubscribed_at: Date | null }

const TARGET = `select m.id as message_id, m.candidate_id, m.campaign_id, c.name, c.allows_email, c.unsubscribed_at
                  from public.messages m join public.candidates c on c.id = m.candidate_id where m.reply_token = $1`;

export type UnsubscribeState = { found: false } | { found: true; firstName: string; unsubscribed: boolean };

/** For the confirmation page: whose link it is, and whether they already left. Changes nothing. */
export async function unsubscribeState(app: pg.Pool, token: string): Promise<UnsubscribeState> {
  if (!UNSUBSCRIBE_TOKEN.test(token)) return { found: false };
  const { rows } = await asService(app, (tx) => tx.query<Target>(TARGET, [token]));
  if (!rows[0]) return { found: false };
  return { found: true, firstName: firstName(rows[0].name) ?? '', unsubscribed: Boolean(rows[0].unsubscribed_at) };
}

/** Withdraws email consent through the ledger (source 'unsubscribe_link'). Idempotent. */
export async function unsubscribe(app: pg.Pool, token: string): Promise<'unsubscribed' | 'already' | 'not_found'> {
  if (!UNSUBSCRIBE_TOKEN.test(token)) return 'not_found';
  return asService(app, async (tx) => {
    const { rows } = await tx.query<Target>(`${TARGET} for update of c`, [token]);
    const target = rows[0];
    if (!target) return 'not_found';
    if (target.unsubscribed_at && !target.allows_email) return 'already';
    await tx.query(
      `insert into public.consent_events (candidate_id, channel, granted, source, wording)
       values ($1, 'email', false, 'unsubscribe_link', $2)`,
      [target.candidate_id, `One-click unsubscribe from message ${target.message_id}`]);
    await tx.query(
      `insert into public.engagement_events (candidate_id, message_id, campaign_id, kind, metadata)
       values ($1, $2, $3, 'unsubscribe', '{"source":"unsubscribe_link"}')`,
      [target.candidate_id, target.message_id, target.campaign_id]);
    return 'unsubscribed';
  });
}
