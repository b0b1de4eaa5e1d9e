// `npm start` and `npm test` build the site only when its inputs changed since the last
// build: a restart on an unchanged checkout skips the ~30 s Astro build (issue 31).
// The inputs are every file the build reads from this checkout (the folders below,
// the config and the lock file) and the Node version; their SHA-256 is written to
// dist/.build-inputs after a build that succeeded, so a failed or interrupted build
// is never taken for a finished one. `npm run build` always builds.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const STAMP = path.join(ROOT, 'dist', '.build-inputs');
/** What the Astro build reads: the pages and the island, the code they import, our Vite plugin, the config. */
const INPUT_FOLDERS = ['site', 'domain', 'platform', 'edge-functions', 'build'];
const INPUT_FILES = ['astro.config.mjs', 'package.json', 'package-lock.json', 'tsconfig.json'];

function filesUnder(root: string, folder: string): string[] {
  const absolute = path.join(root, folder);
  if (!existsSync(absolute)) return [];
  return readdirSync(absolute, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

/** One hash over the inputs' paths and contents, in a fixed order. */
export function buildInputsHash(root = ROOT): string {
  const hash = createHash('sha256').update(`node ${process.versions.node}\n`);
  const files = [...INPUT_FOLDERS.flatMap((folder) => filesUnder(root, folder)),
    ...INPUT_FILES.filter((file) => existsSync(path.join(root, file)))].sort();
  for (const file of files) hash.update(`${file}\n`).update(readFileSync(path.join(root, file))).update('\n');
  return hash.digest('hex');
}

function builtFrom(): string | undefined {
  const complete = existsSync(path.join(ROOT, 'dist', 'server', 'entry.mjs')) && existsSync(path.join(ROOT, 'dist', 'client'));
  return complete && existsSync(STAMP) ? readFileSync(STAMP, 'utf8').trim() : undefined;
}

if (import.meta.main) {
  const inputs = buildInputsHash();
  if (builtFrom() === inputs) {
    console.log('The site is built from this checkout already (dist/.build-inputs): skipping the build.');
    process.exit(0);
  }
  const build = spawnSync('npm', ['run', '--silent', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  writeFileSync(STAMP, `${inputs}\n`);
}
