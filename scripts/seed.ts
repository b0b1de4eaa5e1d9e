// `npm run seed -- --candidates 100000` (or 1000000): adds generated candidates
// (Dutch and English names, skills, job functions, locations, seniority, a
// consent mix with its ledger entries, pool memberships) to DATABASE_URL, or
// to the embedded database when it is unset. Loads the demo users and pools
// first on an empty database. `--campaigns N` adds campaigns too.
//
// Big loads run in one transaction that rebuilds the candidates' indexes at
// the end (see demo/demo-candidates.server.ts); other sessions wait meanwhile.
import { parseArgs } from 'node:util';
import { loadConfig } from '#platform/runtime/config.server.ts';
import { bootPlatform } from '#platform/runtime/boot.server.ts';
import { seedDemoData } from '#demo/demo.server.ts';
import { ensureDemoPools, generateCampaigns, generateCandidates } from '#demo/demo-candidates.server.ts';

const { values } = parseArgs({
  options: {
    candidates: { type: 'string', default: '1000' },
    campaigns: { type: 'string', default: '0' },
    'batch-size': { type: 'string', default: '50000' },
  },
});
const count = Number(values.candidates);
const campaigns = Number(values.campaigns);
const batchSize = Number(values['batch-size']);
for (const [name, value, max] of [['candidates', count, 10_000_000], ['campaigns', campaigns, 100_000], ['batch-size', batchSize, 1_000_000]] as const) {
  if (!Number.isInteger(value) || value < 0 || value > max || (name === 'batch-size' && value === 0)) {
    console.error(`--${name} must be a whole number between ${name === 'batch-size' ? 1 : 0} and ${max}`);
    process.exit(2);
  }
}

const config = loadConfig();
const platform = await bootPlatform(config);
const { owner } = platform.pools;
try {
  // With Supabase Auth the demo users are supabase/seed.sql's (`supabase db reset`).
  if (platform.authService && await seedDemoData(platform.authService, owner)) console.log('Loaded the demo users and data.');
  await ensureDemoPools(owner);
  if (count > 0) {
    console.log(`Generating ${count.toLocaleString('en')} candidates...`);
    const result = await generateCandidates(owner, {
      count,
      batchSize,
      onProgress: (done) => process.stdout.write(`\r  ${done.toLocaleString('en')} / ${count.toLocaleString('en')}`),
    });
    process.stdout.write('\n');
    console.log(`Done in ${(result.ms / 1000).toFixed(1)} s: ${result.candidates} candidates, ` +
      `${result.consentEvents} consent ledger entries, ${result.memberships} pool memberships.`);
  }
  if (campaigns > 0) {
    await generateCampaigns(owner, campaigns);
    console.log(`Added ${campaigns} campaigns.`);
  }
  // Fresh statistics, so that the planner knows the table's new size at once.
  await owner.query('analyze public.candidates, public.candidate_name_words, public.search_words, public.talent_pool_members, public.consent_events');
  const { rows } = await owner.query<{ n: number }>('select count(*)::int as n from public.candidates');
  console.log(`The database now holds ${rows[0].n.toLocaleString('en')} candidates.`);
} finally {
  await platform.shutdown();
}
