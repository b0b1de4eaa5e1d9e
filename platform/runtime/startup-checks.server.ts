// What server.ts refuses to start with, and what it only warns about. The texts
// say what is wrong and how to fix it: they are read by whoever deploys.
import type { Config } from './config.server.ts';

export interface ConfigVerdict {
  /** Each one stops the start (exit code 1). */
  refusals: string[];
  /** One line each, printed at start. */
  warnings: string[];
}

/** Checks that need no database: PUBLIC_URL's scheme and demo seeding in production. */
export function checkConfiguration(config: Pick<Config, 'production' | 'publicUrl' | 'seedDemoData'>): ConfigVerdict {
  const verdict: ConfigVerdict = { refusals: [], warnings: [] };
  const https = /^https:\/\//i.test(config.publicUrl);
  if (!https && config.production) {
    verdict.refusals.push([
      `Refusing to start: NODE_ENV=production needs an https PUBLIC_URL, and it is "${config.publicUrl}".`,
      'Over http the session cookies are not Secure and the one-click unsubscribe link in every email is plain http.',
      'Set PUBLIC_URL to the https address people open (e.g. PUBLIC_URL=https://talentloop.example.com, with TLS at your proxy).',
    ].join('\n'));
  } else if (!https) {
    verdict.warnings.push(`Warning: PUBLIC_URL ${config.publicUrl} is not https: cookies are not Secure and email unsubscribe links are plain http (NODE_ENV=production refuses this).`);
  }
  if (config.production && config.seedDemoData) {
    verdict.refusals.push([
      'Refusing to start: SEED_DEMO_DATA=on cannot be used with NODE_ENV=production.',
      'The demo users have passwords published in the README. Remove SEED_DEMO_DATA and create the first admin with `npm run create-admin`.',
    ].join('\n'));
  }
  return verdict;
}

/** Why a production start stops when demo users can still sign in, and the ways out. */
export function demoUsersRefusal(users: ReadonlyArray<{ username: string; reasons: readonly string[] }>): string {
  return [
    'Refusing to start: NODE_ENV=production, and this database has users who sign in with demo credentials published in the README:',
    ...users.map((user) => `  ${user.username}: ${user.reasons.join(', ')}`),
    'Demo data is for trying Talentloop out (the embedded database, or SEED_DEMO_DATA=on). To fix this, either:',
    '  - use a new, empty database (demo data is loaded into DATABASE_URL only with SEED_DEMO_DATA=on) and create',
    '    the first admin with `npm run create-admin`; or',
    '  - keep this database: create your own admin with `npm run create-admin`, start once without NODE_ENV=production,',
    '    sign in as that admin and, in the Admin Portal (Users), ban the users above (a new password is enough for a',
    '    user listed with "demo password" only).',
  ].join('\n');
}
