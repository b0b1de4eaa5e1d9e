// Started as a child process by tests/db/embedded-recovery.test.ts: starts the
// embedded PostgreSQL on a data folder, says "ready", and waits to be killed.
import { startEmbeddedPostgres } from '../../domain/db/embedded.ts';

const [dataDir, port] = process.argv.slice(2);
await startEmbeddedPostgres({ dataDir, port: Number(port), password: 'child', fast: true, log: () => undefined });
process.stdout.write('ready\n');
setInterval(() => undefined, 60_000);
