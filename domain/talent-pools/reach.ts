// Who a campaign to a pool would reach now (the wizard's Launch step). The rule is
// dispatch's own: public.contact_blockers() per member, the first blocker named by
// skipReason() of domain/campaigns/campaigns.ts. Counted in SQL, so a pool of 100k
// is one grouped row per blocker. Runs in the caller's transaction (row-level security).
import type { Tx } from '../db/request.ts';
import { skipReason } from '../campaigns/campaigns.ts';
import type { ContactBlocker } from '../consent/eligibility.ts';
import type { PoolReach } from './schemas.ts';

/** The pool's reach, or null when there is no such pool (for this user). */
export async function poolReach(tx: Tx, poolId: number): Promise<PoolReach | null> {
  const pool = await tx.query('select 1 from public.talent_pools where id = $1', [poolId]);
  if (!pool.rowCount) return null;
  const { rows } = await tx.query<{ blocker: ContactBlocker | null; count: number }>(
    `select (public.contact_blockers(c, 'email'))[1] as blocker, count(*)::int as count
       from public.talent_pool_members m join public.candidates c on c.id = m.candidate_id
      where m.talent_pool_id = $1 group by 1`, [poolId]);
  let eligible = 0;
  const skipped = new Map<string, number>();
  for (const { blocker, count } of rows) {
    const reason = skipReason({ blockers: blocker ? [blocker] : [] });
    if (reason) skipped.set(reason, (skipped.get(reason) ?? 0) + count);
    else eligible += count;
  }
  return {
    eligible,
    skipped: [...skipped].map(([reason, count]) => ({ reason, count }))
      .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)),
  };
}
