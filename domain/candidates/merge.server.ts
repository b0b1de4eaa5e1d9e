// Merging two candidates (issue 30, decision 042) through public.merge_candidates(), the one way:
// a SECURITY DEFINER function as erase_candidates() is, since the tables' policies and the append-only
// ledger let no member rewrite whose row is whose. It moves every row that references the other
// candidate, keeps the most restrictive consent and one sequence position per campaign, removes the other
// and audits candidate.merge; the merged id redirects to the kept one for REDIRECT_DAYS.
import type { Tx } from '../../platform/db/request.server.ts';
import { DomainError } from '../errors.ts';
import type { CandidateMerge } from './merge-schemas.ts';

/** How long GET /api/candidates/{merged id} answers 301 to the kept candidate. */
export const REDIRECT_DAYS = 90;

/** What the merge did, as merge_candidates() answers it (also the audit entry's details). */
export interface MergeResult {
  keptId: number;
  mergedId: number;
  moved: Record<string, number>;
  campaigns: Array<{ campaignId: number; keptStep: number; droppedStep: number; leftBecause: string | null }>;
}

/**
 * Keeps `keptId` with both histories and removes `input.otherId`, in the caller's transaction. A missing
 * candidate is a 404 naming the field (read under the caller's policies first); the same one twice a 422.
 */
export async function mergeCandidates(tx: Tx, keptId: number, input: CandidateMerge): Promise<MergeResult> {
  if (keptId === input.otherId) throw new DomainError(422, 'validation.merge_itself', 'otherId');
  const { rows } = await tx.query<{ id: number }>('select id::int from public.candidates where id = any($1::bigint[])', [[keptId, input.otherId]]);
  if (!rows.some((row) => row.id === keptId)) throw new DomainError(404, 'candidate_not_found', 'id');
  if (!rows.some((row) => row.id === input.otherId)) throw new DomainError(404, 'candidate_not_found', 'otherId');
  try {
    const { rows: [{ result }] } = await tx.query<{ result: MergeResult }>(
      'select public.merge_candidates($1, $2, $3::jsonb) as result', [keptId, input.otherId, JSON.stringify(input.fields ?? {})]);
    return result;
  } catch (error) {
    // Erased or merged by someone else between the check and the merge.
    const { code, constraint } = error as { code?: string; constraint?: string };
    if (code === 'P0002') throw new DomainError(404, 'candidate_not_found', constraint === 'merge_kept_missing' ? 'id' : 'otherId');
    throw error;
  }
}

/** The candidate a merged id now is (within REDIRECT_DAYS of the merge); null when it is none. */
export async function redirectOf(tx: Tx, id: number): Promise<number | null> {
  const { rows } = await tx.query<{ newId: number }>(
    `select new_id::int as "newId" from public.candidate_redirects
      where old_id = $1 and merged_at > now() - make_interval(days => $2)`, [id, REDIRECT_DAYS]);
  return rows[0]?.newId ?? null;
}

/** Forgets the redirects older than REDIRECT_DAYS (the worker's housekeeping, as service_role). */
export async function forgetOldRedirects(tx: Tx): Promise<number> {
  const { rowCount } = await tx.query(
    'delete from public.candidate_redirects where merged_at < now() - make_interval(days => $1)', [REDIRECT_DAYS]);
  return rowCount ?? 0;
}
