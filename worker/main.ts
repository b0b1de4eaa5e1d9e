// `npm run worker`: the background jobs alone, for scale-out. Start web
// processes with WORKER=off and as many of these as you need.
import { loadConfig } from '#domain/runtime/config.ts';
import { bootPlatform } from '#domain/runtime/boot.ts';
import { startWorker } from './index.ts';

const config = loadConfig();
const platform = await bootPlatform(config);
const worker = await startWorker(platform.ownerUrl, platform.pools);
console.log('Talentloop worker running. Ctrl-C stops it.');

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await worker.stop();
  await platform.shutdown();
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
