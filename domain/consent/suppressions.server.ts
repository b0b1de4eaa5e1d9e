// The suppression list as the admin portal sees it: a count, and removing one
// address with a reason (public.remove_email_suppression audits it). The list
// itself holds only hashes, so it cannot be listed back as addresses.
import type { Tx } from '../../platform/db/request.server.ts';
import { DomainError } from '../errors.ts';
import type { SuppressionEntry } from './schemas.ts';

export async function suppressionCount(tx: Tx): Promise<number> {
  const { rows } = await tx.query<{ n: string }>('select public.email_suppression_count() as n');
  return Number(rows[0].n);
}

/** Whether this address is suppressed, and why (for the admin looking one up). */
export async function suppressionOf(tx: Tx, email: string): Promise<SuppressionEntry> {
  const { rows } = await tx.query<{ source: string | null; by_candidate: boolean | null; created_at: Date | null }>(
    'select (s).source, (s).by_candidate, (s).created_at from (select public.email_suppression($1) as s) x', [email]);
  const entry = rows[0];
  return entry?.source
    ? { email, suppressed: true, source: entry.source, byCandidate: Boolean(entry.by_candidate), since: entry.created_at!.toISOString() }
    : { email, suppressed: false };
}

export async function removeSuppression(tx: Tx, email: string, reason: string): Promise<boolean> {
  const { rows } = await tx.query<{ removed: boolean }>('select public.remove_email_suppression($1, $2) as removed', [email, reason]);
  if (!rows[0].removed) throw new DomainError(404, 'not_on_suppression_list', 'email');
  return true;
}
