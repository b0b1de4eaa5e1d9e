// Talent pools and their members. Deleting a pool removes memberships only;
// the candidates stay. Runs in the caller's transaction (row-level security).
import type { Tx } from '../../platform/db/request.server.ts';
import type { TalentPool, TalentPoolCreate, TalentPoolUpdate } from './schemas.ts';
import { uniqueAs } from '../candidates/candidates.server.ts';
import type { Said } from '../i18n/codes.ts';

const NAME_TAKEN: Record<string, [string, Said]> = {
  talent_pools_name_key: ['name', 'talent_pool_name_taken'],
};

const POOL_COLUMNS = 'id, name, description, candidate_count as "candidateCount"';

export async function listTalentPools(tx: Tx): Promise<TalentPool[]> {
  const { rows } = await tx.query<TalentPool>(
    `select ${POOL_COLUMNS} from public.talent_pools_with_counts order by lower(name), id`);
  return rows;
}

export async function getTalentPool(tx: Tx, id: number): Promise<TalentPool | null> {
  const { rows } = await tx.query<TalentPool>(`select ${POOL_COLUMNS} from public.talent_pools_with_counts where id = $1`, [id]);
  return rows[0] ?? null;
}

export async function createTalentPool(tx: Tx, userId: string, input: TalentPoolCreate): Promise<TalentPool> {
  const { rows } = await uniqueAs(NAME_TAKEN, () => tx.query<{ id: number }>(
    'insert into public.talent_pools (name, description, created_by) values ($1, $2, $3) returning id',
    [input.name, input.description ?? null, userId]));
  return (await getTalentPool(tx, rows[0].id))!;
}

export async function updateTalentPool(tx: Tx, id: number, change: TalentPoolUpdate): Promise<TalentPool | null> {
  const { rowCount } = await uniqueAs(NAME_TAKEN, () => tx.query(
    `update public.talent_pools set name = coalesce($2, name),
            description = case when $3 then $4 else description end
      where id = $1`,
    [id, change.name ?? null, change.description !== undefined, change.description ?? null]));
  return rowCount ? getTalentPool(tx, id) : null;
}

/** Deletes the pool and its memberships; its candidates stay. False when not found. */
export async function deleteTalentPool(tx: Tx, id: number): Promise<boolean> {
  const { rowCount } = await tx.query('delete from public.talent_pools where id = $1', [id]);
  return (rowCount ?? 0) > 0;
}

/** Adds existing candidates to a pool (ids that are members already or do not exist are passed over). */
export async function addPoolMembers(tx: Tx, userId: string, poolId: number, candidateIds: number[]): Promise<number> {
  const { rowCount } = await tx.query(
    `insert into public.talent_pool_members (talent_pool_id, candidate_id, added_by)
     select $1, c.id, $3::uuid from public.candidates c where c.id = any($2::bigint[])
     on conflict do nothing`, [poolId, candidateIds, userId]);
  return rowCount ?? 0;
}

export async function removePoolMembers(tx: Tx, poolId: number, candidateIds: number[]): Promise<number> {
  const { rowCount } = await tx.query(
    'delete from public.talent_pool_members where talent_pool_id = $1 and candidate_id = any($2::bigint[])', [poolId, candidateIds]);
  return rowCount ?? 0;
}
