// `npm run migrate`: applies pending migrations (and better-auth's tables) to
// DATABASE_URL, or to the embedded database when it is unset, then exits.
import { loadConfig } from '#domain/runtime/config.ts';
import { bootPlatform } from '#domain/runtime/boot.ts';

const platform = await bootPlatform(loadConfig());
console.log(`Migrations applied: ${platform.migrations.applied.length ? platform.migrations.applied.join(', ') : 'none pending'}`);
await platform.shutdown();
