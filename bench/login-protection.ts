// Login protection benchmark: attackers guess one account's password in a loop
// while its real user keeps signing in from their usual browser (usual address,
// device cookie from an earlier sign-in). Two attacks: from one address, and
// spread over many addresses (10 guesses each, a botnet). Reports the user's
// successes / attempts and the p50 / p95 of their sign-in time, and what the
// attackers got. The API runs in-process (no HTTP) on a temporary embedded
// PostgreSQL, removed afterwards.
import { createAuth } from '#platform/auth/better-auth.server.ts';
import { DEVICE_COOKIE } from '#domain/auth/login-protection.server.ts';
import { loadConfig } from '#platform/runtime/config.server.ts';
import { openDatabase } from '#platform/db/pools.server.ts';
import { DEMO_RECRUITER, seedDemoData } from '#demo/demo.server.ts';
import { createApi, type ApiType } from '#edge-functions/app.ts';
import { benchDatabase } from './support/database.ts';

const ORIGIN = 'http://127.0.0.1:4400';
const SECONDS_PER_ATTACK = 15;
/** Guesses an attack makes at least (time permitting), so that a slow machine still reaches the per-account limit. */
const MIN_GUESSES = 150;
const MAX_SECONDS_PER_ATTACK = 90;
const ATTACKER_WORKERS = 4;
const USER_ADDRESS = '192.0.2.10';

function percentile(sorted: number[], p: number) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : null;
}

async function login(api: ApiType, ip: string, password: string, cookie?: string) {
  const response = await api.request(`${ORIGIN}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN, 'x-bench-client-ip': ip, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({ username: DEMO_RECRUITER.username, password }),
  });
  await response.arrayBuffer();
  return response;
}

/** One attack: attackers loop until time is up while the user signs in again and again. */
async function attack(api: ApiType, deviceCookie: string, attackerAddress: (worker: number, attempt: number) => string) {
  const started = performance.now();
  const attacker = { attempts: 0, wrong_password_401: 0, limited_429: 0 };
  const elapsed = () => (performance.now() - started) / 1000;
  const attacking = () => elapsed() < MAX_SECONDS_PER_ATTACK && (elapsed() < SECONDS_PER_ATTACK || attacker.attempts < MIN_GUESSES);
  const attackers = Array.from({ length: ATTACKER_WORKERS }, async (_, worker) => {
    for (let attempt = 0; attacking(); attempt += 1) {
      const response = await login(api, attackerAddress(worker, attempt), `guess-${worker}-${attempt}`);
      attacker.attempts += 1;
      if (response.status === 401) attacker.wrong_password_401 += 1;
      if (response.status === 429) attacker.limited_429 += 1;
    }
  });
  const times: number[] = [];
  let successes = 0;
  const user = (async () => {
    while (attacking()) {
      const begun = performance.now();
      const response = await login(api, USER_ADDRESS, DEMO_RECRUITER.password, deviceCookie);
      times.push(performance.now() - begun);
      if (response.status === 200) successes += 1;
    }
  })();
  await Promise.all([...attackers, user]);
  // After the attack: the user on a device they never used before.
  const newDevice = (await login(api, '192.0.2.99', DEMO_RECRUITER.password)).status;
  times.sort((a, b) => a - b);
  return {
    seconds: Math.round(elapsed()),
    attacker,
    user: {
      successes,
      attempts: times.length,
      p50_ms: Math.round(percentile(times, 50)!),
      p95_ms: Math.round(percentile(times, 95)!),
    },
    user_on_a_new_device_afterwards: newDevice === 200 ? 'signed in' : `refused (${newDevice})`,
  };
}

export async function run() {
  const database = await benchDatabase('login', { fast: true });
  const pools = await openDatabase(database.url, 'bench-app-secret');
  const authService = await createAuth({
    ownerUrl: database.url, secret: 'bench-better-auth-secret-0123456789', baseURL: ORIGIN, trustedOrigins: [], secureCookies: false,
  });
  try {
    await seedDemoData(authService, pools.owner);
    const config = { ...loadConfig(), publicUrl: ORIGIN, appSecret: 'bench-app-secret' };
    const api = createApi({
      pools, identity: authService.identity, config, clientIp: (c) => c.req.header('x-bench-client-ip') ?? '127.0.0.1',
    });
    const attacks: Record<string, unknown> = {};
    const scenarios: [string, (worker: number, attempt: number) => string][] = [
      ['one_attacker_address', () => '198.51.100.7'],
      ['botnet_10_guesses_per_address', (worker, attempt) => `203.0.${worker}.${Math.floor(attempt / 10) % 256}`],
    ];
    for (const [name, address] of scenarios) {
      // Each attack starts from a clean slate: yesterday's counters, one earlier sign-in.
      await pools.owner.query('delete from private.rate_limits');
      const first = await login(api, USER_ADDRESS, DEMO_RECRUITER.password);
      const device = first.headers.getSetCookie().find((c) => c.startsWith(`${DEVICE_COOKIE}=`))!.split(';')[0];
      attacks[name] = await attack(api, device, address);
    }
    return {
      name: 'login-protection',
      measured: `${SECONDS_PER_ATTACK} s (and at least ${MIN_GUESSES} guesses) per attack, ${ATTACKER_WORKERS} attacker loops against "${DEMO_RECRUITER.username}", `
        + 'the user signing in back to back from their usual address with their device cookie; in-process API, no HTTP',
      target: 'the user\'s successes = attempts under both attacks',
      ...attacks,
    };
  } finally {
    await authService.close();
    await pools.close();
    await database.stop();
  }
}
