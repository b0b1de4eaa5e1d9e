// `npm run bench`: runs every benchmark in this folder, one after another (they
// share the machine), and prints each one's figures as JSON.
import { readdirSync } from 'node:fs';
import path from 'node:path';

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
