// "Request Access" from the landing page: anyone files one, admins decide.
import type { Tx } from '../../platform/db/request.server.ts';
import { isoTimestamp } from '../../platform/db/sql-time.server.ts';
import type { AccessRequest, AccessRequestDecision } from './schemas.ts';

const COLUMNS = `id, name, email::text, company, message, status, ${isoTimestamp('created_at')} as "createdAt"`;

/**
 * Files a pending request; while one is pending for the email (any case), a repeat stores nothing
 * and the first one's words stand: anyone may file for any address, so a repeat must not rewrite
 * what an admin is reading (access_requests_one_pending, migration 20261128000200).
 */
export async function fileAccessRequest(tx: Tx, input: { name: string; email: string; company?: string; message?: string }) {
  // No RETURNING, and no conflict target (naming one needs SELECT on email): anonymous callers
  // may insert but not read the table. The one unique index a new row can meet is the pending one.
  await tx.query(
    `insert into public.access_requests (name, email, company, message) values ($1, $2, $3, $4)
     on conflict do nothing`,
    [input.name, input.email, input.company || null, input.message || null]);
}

export async function listAccessRequests(tx: Tx): Promise<AccessRequest[]> {
  const { rows } = await tx.query<AccessRequest>(
    `select ${COLUMNS} from public.access_requests order by (status = 'pending') desc, created_at desc limit 500`);
  return rows;
}

export async function decideAccessRequest(tx: Tx, id: number, status: AccessRequestDecision, adminId: string): Promise<AccessRequest | null> {
  const { rows } = await tx.query<AccessRequest>(
    `update public.access_requests set status = $2, handled_by = $3, handled_at = now()
      where id = $1 returning ${COLUMNS}`, [id, status, adminId]);
  return rows[0] ?? null;
}
