// `npm run bench`: runs every benchmark in this folder, one after another (they
// share the machine), and prints each one's figures as JSON.
import { readdirSync } from 'node:fs';
import path from 'node:path';

// Standard output carries the figures' JSON; the app's logger writes there too, and a warning (a pool whose
// connection the bench's own shutdown ended) would break it. Errors still show.
process.env.LOG_LEVEL ??= 'error';

const only = process.argv[2];
const files = readdirSync(import.meta.dirname)
  .filter((file) => file.endsWith('.ts') && file !== 'run.ts')
  .filter((file) => !only || file.includes(only))
  .sort();

for (const file of files) {
  const bench = await import(path.join(import.meta.dirname, file)) as { run(): Promise<unknown> };
  const figures = await bench.run();
  console.log(JSON.stringify(figures, null, 2));
}
