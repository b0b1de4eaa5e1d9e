// "Request Access" from the landing page: anyone files one, admins decide.
import type { Tx } from '../db/request.ts';
import { isoTimestamp } from '../db/sql-time.ts';
import type { AccessRequest, AccessRequestDecision } from './schemas.ts';

const COLUMNS = `id, name, email::text, company, message, status, ${isoTimestamp('created_at')} as "createdAt"`;

export async function fileAccessRequest(tx: Tx, input: { name: string; email: string; company?: string; message?: string }) {
  // No RETURNING: anonymous callers may insert but not read the table.
  await tx.query('insert into public.access_requests (name, email, company, message) values ($1, $2, $3, $4)',
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
