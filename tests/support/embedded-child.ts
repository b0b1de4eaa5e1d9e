// Started as a child process by tests/db/embedded-*.test.ts: starts the embedded
// PostgreSQL on a data folder (on the given port, or one it picks), prints
// "ready <owner url>", and waits to be killed.
import { startEmbeddedPostgres } from '#platform/db/embedded.server.ts';

const [dataDir, port] = process.argv.slice(2);
const server = await startEmbeddedPostgres({
  dataDir, port: port ? Number(port) : undefined, password: 'child', fast: true, log: () => undefined,
});
process.stdout.write(`ready ${server.ownerUrl}\n`);
setInterval(() => undefined, 60_000);
