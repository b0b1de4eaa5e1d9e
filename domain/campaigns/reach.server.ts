// Who a campaign to a pool would reach now (the wizard's Launch step, a scheduled
// campaign's "eligible now"). The rule is dispatch's own: public.contact_blockers()
// per member, the first blocker named by skipReason(), and, when step 1 goes by
// WhatsApp template, reachableByWhatsApp() (domain/campaigns/sequences.ts). Counted
// in SQL, so a pool of 100k is one grouped row per blocker; only the members who
// allow WhatsApp are read one by one, as their number must read as one. With `names`,
// the first names of who gets it (the compose dialog's preview, which counts by this rule
// too). Runs in the caller's transaction (row-level security).
import type { Tx } from '../../platform/db/request.server.ts';
import { reachableByWhatsApp, skipReason } from './sequences.server.ts';
import { storedReason } from '../i18n/english.ts';
import type { ContactBlocker } from '../consent/eligibility.ts';
import { POOL_REACH_NAMES, type PoolReach } from '../talent-pools/schemas.ts';

const MEMBERS = `from public.talent_pool_members m join public.candidates c on c.id = m.candidate_id where m.talent_pool_id = $1`;
const ALLOWS_WHATSAPP = `cardinality(public.contact_blockers(c, 'whatsapp')) = 0`;

/**
 * The pool's reach (by email, and by WhatsApp template first when `whatsapp`; with `names`, the first
 * POOL_REACH_NAMES of who gets it, by name), or null when there is no such pool (for this user).
 */
export async function poolReach(tx: Tx, poolId: number, options: { whatsapp?: boolean; names?: boolean } = {}): Promise<PoolReach | null> {
  const pool = await tx.query('select 1 from public.talent_pools where id = $1', [poolId]);
  if (!pool.rowCount) return null;
  const whatsapp = options.whatsapp ?? false;
  const { rows: groups } = await tx.query<{ blocker: ContactBlocker | null; count: number }>(
    `select (public.contact_blockers(c, 'email'))[1] as blocker, count(*)::int as count
       ${MEMBERS} and not ($2 and ${ALLOWS_WHATSAPP}) group by 1`, [poolId, whatsapp]);
  let byWhatsApp = 0;
  const named: Array<{ id: number; name: string }> = [];
  if (whatsapp) {
    const { rows } = await tx.query<{ id: number; name: string; blocker: ContactBlocker | null; whatsappNumber: string | null; phone: string | null }>(
      `select c.id, c.name, (public.contact_blockers(c, 'email'))[1] as blocker, c.whatsapp_number as "whatsappNumber", c.phone
         ${MEMBERS} and ${ALLOWS_WHATSAPP}`, [poolId]);
    // Who allows WhatsApp but has no number that reads as one gets the email, as dispatch does.
    for (const row of rows) {
      const byTemplate = reachableByWhatsApp({ ...row, whatsappBlockers: [] });
      if (byTemplate) byWhatsApp++;
      else groups.push({ blocker: row.blocker, count: 1 });
      if (options.names && (byTemplate || !row.blocker)) named.push(row);
    }
  }
  if (options.names) {
    const { rows } = await tx.query<{ id: number; name: string }>(
      `select c.id, c.name ${MEMBERS} and cardinality(public.contact_blockers(c, 'email')) = 0 and not ($2 and ${ALLOWS_WHATSAPP})
        order by c.name, c.id limit ${POOL_REACH_NAMES}`, [poolId, whatsapp]);
    named.push(...rows);
  }
  let eligible = byWhatsApp;
  const skipped = new Map<string, number>();
  for (const { blocker, count } of groups) {
    const reason = skipReason({ blockers: blocker ? [blocker] : [] });
    if (reason) skipped.set(reason, (skipped.get(reason) ?? 0) + count);
    else eligible += count;
  }
  return {
    eligible,
    byWhatsApp,
    skipped: [...skipped].map(([reason, count]) => ({ ...storedReason(reason), count }))
      .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)),
    ...(options.names ? {
      names: named.sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id).slice(0, POOL_REACH_NAMES).map((person) => person.name),
    } : {}),
  };
}
