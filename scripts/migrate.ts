// `npm run migrate`: applies pending migrations (and better-auth's tables) to
// DATABASE_URL, or to the embedded database when it is unset, then exits.
import { loadConfig } from '#platform/runtime/config.server.ts';
import { bootPlatform } from '#platform/runtime/boot.server.ts';

const platform = await bootPlatform(loadConfig());
console.log(`Migrations applied: ${platform.migrations.applied.length ? platform.migrations.applied.join(', ') : 'none pending'}`);
await platform.shutdown();
