// pg-boss for a test file that drives jobs itself, on that file's database. Its idle
// connections end when the file drops its database (drop ... with (force)): pg-boss then
// emits 'error', which with no listener is an uncaught exception that fails the whole run.
import { PgBoss, type ConstructorOptions } from 'pg-boss';
import { BOSS_SCHEMA } from '#worker/jobs/deps.ts';

export function testBoss(connectionString: string, options: Partial<ConstructorOptions> = {}): PgBoss {
  const boss = new PgBoss({ connectionString, schema: BOSS_SCHEMA, supervise: false, schedule: false, ...options });
  boss.on('error', () => undefined);
  return boss;
}
