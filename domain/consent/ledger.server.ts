// Writing the consent ledger (public.consent_events). Inserting an entry is the
// only way consent changes: the database's triggers set the candidate's flags,
// keep the suppression list, and refuse a grant over the candidate's own
// opt-out. Who writes which source is fixed by the path, never by the caller.
import type { Tx } from '../../platform/db/request.server.ts';
import { DomainError } from '../errors.ts';
import type { Said } from '../i18n/codes.ts';
import type { ContactChannel } from './eligibility.ts';

export type RecruiterSource = 'recruiter' | 'import';
export type CandidateSource = 'candidate' | 'unsubscribe_link' | 'one_click' | 'list_unsubscribe_mailto' | 'reply'
  | 'whatsapp_reply' | 'complaint' | 'bounce';

const FIELD: Record<ContactChannel, string> = { email: 'allowsEmail', whatsapp: 'allowsWhatsapp' };

/** The database's refusals of a consent change, as a 409 that names the field. */
export async function consentRefusalsAs<T>(channel: ContactChannel, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const { code, constraint, message } = error as { code?: string; constraint?: string; message?: string };
    if (code === '23514' && (constraint === 'consent_opt_out_stands' || constraint === 'consent_address_suppressed')) {
      // The database names the day of the opt-out ('DD Mon YYYY'); the words are the catalogue's.
      const date = /\d{2} [A-Za-z]{3} \d{4}/.exec(message ?? '')?.[0] ?? '';
      const why: Said = constraint === 'consent_address_suppressed' ? 'address_suppressed_import'
        : { code: channel === 'email' ? 'opt_out_stands_email' : 'opt_out_stands_whatsapp', params: { date } };
      throw new DomainError(409, why, FIELD[channel]);
    }
    throw error;
  }
}

/** A recruiter's entry (source 'recruiter' or 'import'), in their own name. */
export async function recordRecruiterConsent(tx: Tx, entry: {
  userId: string; candidateId: number; channel: ContactChannel; granted: boolean; wording: string; source?: RecruiterSource;
}): Promise<void> {
  await consentRefusalsAs(entry.channel, () => tx.query(
    `insert into public.consent_events (candidate_id, channel, granted, source, wording, created_by)
     values ($1, $2, $3, $4, $5, $6)`,
    [entry.candidateId, entry.channel, entry.granted, entry.source ?? 'recruiter', entry.wording, entry.userId]));
}

/**
 * The first consent of new candidates (create, import): a grant is recorded
 * only where the address is not suppressed and the candidate has not opted out
 * (the database already recorded why for those); a refusal always is.
 * Returns the ids whose grant was held back.
 */
export async function recordInitialConsent(tx: Tx, userId: string, source: RecruiterSource, wording: string,
  entries: Array<{ candidateId: number; channel: ContactChannel; granted: boolean }>): Promise<number[]> {
  if (!entries.length) return [];
  const { rows } = await tx.query<{ held_back: number | null }>(
    `with wanted as (
       select x.candidate_id, x.channel, x.granted,
              x.granted and case x.channel
                when 'email' then c.unsubscribed_at is not null or (public.email_suppression(c.email::text)).address_hash is not null
                else c.whatsapp_opted_out_at is not null end as held_back
         from unnest($1::bigint[], $2::text[], $3::bool[]) as x(candidate_id, channel, granted)
         join public.candidates c on c.id = x.candidate_id
     ), written as (
       insert into public.consent_events (candidate_id, channel, granted, source, wording, created_by)
       select candidate_id, channel, granted, $4, $5, $6 from wanted where not held_back
     )
     select candidate_id as held_back from wanted where held_back`,
    [entries.map((e) => e.candidateId), entries.map((e) => e.channel), entries.map((e) => e.granted), source, wording, userId]);
  return rows.map((row) => row.held_back!);
}

/**
 * The candidate's own choice (unsubscribe link, one-click, reply, mailto,
 * WhatsApp STOP, complaint, bounce, the "I changed my mind" button). Runs on a
 * trusted server path (service_role). Changes nothing when the candidate's
 * consent is already as asked, unless `renew`: a grant given again (the renewal of
 * email consent, whose expiry runs from its latest grant); returns whether it wrote an entry.
 */
export async function recordCandidateConsent(tx: Tx, entry: {
  candidateId: number; channel: ContactChannel; granted: boolean; source: CandidateSource; wording: string; renew?: boolean;
}): Promise<boolean> {
  const flag = entry.channel === 'email' ? 'c.allows_email' : 'c.allows_whatsapp';
  const optedOut = entry.channel === 'email' ? 'c.unsubscribed_at' : 'c.whatsapp_opted_out_at';
  const { rowCount } = await tx.query(
    `insert into public.consent_events (candidate_id, channel, granted, source, wording)
     select c.id, $2, $3, $4, $5 from public.candidates c
      where c.id = $1
        and ($3 <> ${flag} or ($3 and ${optedOut} is not null) or (not $3 and ${optedOut} is null) or ($3 and $6))`,
    [entry.candidateId, entry.channel, entry.granted, entry.source, entry.wording, entry.renew ?? false]);
  return (rowCount ?? 0) > 0;
}
