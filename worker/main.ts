// `npm run worker`: the background jobs alone, for scale-out. Start web
// processes with WORKER=off and as many of these as you need (README, decision 029).
// SIGTERM drains: no new jobs, the running ones finish (up to DRAIN_SECONDS), then
// whatever this worker still holds is handed back.
import { loadConfig } from '#platform/runtime/config.server.ts';
import { bootPlatform, refuseToStart } from '#platform/runtime/boot.server.ts';
import { log } from '#platform/runtime/log.server.ts';
import { startWorker } from './index.ts';

const config = loadConfig();
const platform = await bootPlatform(config).catch(refuseToStart);
const worker = await startWorker(platform.ownerUrl, platform.pools, config);
log.info('Talentloop worker running. Ctrl-C stops it.', { process: 'worker' });

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info(`${signal}: draining`, { process: 'worker', drainSeconds: config.drainSeconds });
  await worker.stop({ drainSeconds: config.drainSeconds });
  await platform.shutdown();
  log.info('Stopped.', { process: 'worker' });
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
