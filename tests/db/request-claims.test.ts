// withClaims (platform/db/request.server.ts): each transaction runs as the caller's role with
// the caller's claims, set for that transaction only, on a pooled connection that
// the next caller reuses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Pools } from '#platform/db/pools.server.ts';
import { asService, serviceStatements, withClaims } from '#platform/db/request.server.ts';
import { TEST_SECRET } from '../support/constants.ts';
import { createTestDatabase, type TestDatabase } from '../support/harness.ts';

let db: TestDatabase;
/** One app connection, so every call below reuses the same session. */
let single: Omit<Pools, 'migrations'>;

beforeAll(async () => {
  db = await createTestDatabase();
  const { migrations: _migrations, ...pools } = await openDatabase(db.ownerUrl, TEST_SECRET, 1);
  single = pools;
});
afterAll(async () => {
  await single?.close();
  await db?.drop();
});

const SESSION_SQL = `select current_user::text as role, current_setting('request.jwt.claims', true) as claims,
                            current_setting('synchronous_commit') as synchronous_commit`;

describe('withClaims', () => {
  it('runs as the role with the claims, quotes and backslashes included, and nothing is left for the next caller', async () => {
    const claims = { role: 'authenticated' as const, sub: '00000000-0000-4000-8000-000000000001', username: `o'brien\\"; drop table x; --` };
    const inside = await withClaims(single.app, claims, async (tx) => (await tx.query(SESSION_SQL)).rows[0]);
    expect(inside.role).toBe('authenticated');
    expect(JSON.parse(inside.claims)).toEqual(claims);

    const after = (await single.app.query(SESSION_SQL)).rows[0];
    expect(after.role).not.toBe('authenticated');
    expect(after.claims ?? '').toBe('');
  });

  it('commits without waiting for the WAL flush only when asked, and only in that transaction', async () => {
    // The test server itself may run without waiting (tests' embedded PostgreSQL): the server's setting is the default.
    await single.app.query(`set synchronous_commit = on`);
    const relaxed = await asService(single.app, async (tx) => (await tx.query(SESSION_SQL)).rows[0], { synchronousCommit: false });
    expect(relaxed).toMatchObject({ role: 'service_role', synchronous_commit: 'off' });
    const normal = await asService(single.app, async (tx) => (await tx.query(SESSION_SQL)).rows[0]);
    expect(normal).toMatchObject({ role: 'service_role', synchronous_commit: 'on' });
  });

  it('rolls the transaction back when the work fails, and the connection serves the next caller', async () => {
    await expect(asService(single.app, async (tx) => {
      await tx.query(`insert into public.talent_pools (name) values ('Rolled back')`);
      throw new Error('work failed');
    })).rejects.toThrow('work failed');
    const { rows } = await asService(single.app, (tx) => tx.query(`select count(*)::int as n from public.talent_pools where name = 'Rolled back'`));
    expect(rows[0].n).toBe(0);
  });
});

describe('serviceStatements (one round trip)', () => {
  it('runs its statements as the service role in one transaction, values quoted, and leaves nothing behind', async () => {
    await single.app.query(`set synchronous_commit = on`);
    const name = `o'brien\\"; drop table x; --`;
    const [inserted, inside] = await serviceStatements(single.app, (literal) => [
      `insert into public.talent_pools (name) values (${literal(name)}) returning name`, SESSION_SQL], { synchronousCommit: false });
    expect(inserted.rows).toEqual([{ name }]);
    expect(inside.rows[0]).toMatchObject({ role: 'service_role', synchronous_commit: 'off' });

    const after = (await single.app.query(SESSION_SQL)).rows[0];
    expect(after.role).not.toBe('service_role');
    expect(after.claims ?? '').toBe('');
    expect(after.synchronous_commit).toBe('on');
  });

  it('rolls every statement back when one fails, and the connection serves the next caller', async () => {
    await expect(serviceStatements(single.app, () => [
      `insert into public.talent_pools (name) values ('Rolled back at once')`, 'select 1 / 0'])).rejects.toThrow(/division by zero/);
    const { rows } = await asService(single.app, (tx) => tx.query(`select count(*)::int as n from public.talent_pools where name = 'Rolled back at once'`));
    expect(rows[0].n).toBe(0);
  });
});
