// Routes anyone may call: health and "Request Access".
import { Hono } from 'hono';
import { fileAccessRequest } from '#domain/auth/access-requests.ts';
import { hit, type RateRule } from '#domain/auth/rate-limit.ts';
import { accessRequestSchema } from '#domain/auth/schemas.ts';
import type { AppEnv } from '../context.ts';
import { asAnon } from '../guards.ts';
import { HttpError, parseBody } from '../http.ts';

export const publicRoutes = new Hono<AppEnv>();

/** How long /api/health waits for the database and the job queue before calling them slow. */
const HEALTH_WAIT_MS = 1000;

type Answer = 'ok' | 'slow' | 'unavailable';

/** 'ok' if `work` answers within `ms`, 'slow' if not, 'unavailable' if it fails. */
function answerWithin(work: () => Promise<unknown>, ms: number): Promise<Answer> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve('slow'), ms);
    work().then(() => resolve('ok'), () => resolve('unavailable')).finally(() => clearTimeout(timer));
  });
}

const REASONS: Record<Exclude<Answer, 'ok'>, (what: string) => string> = {
  slow: (what) => `${what} did not answer within ${HEALTH_WAIT_MS} ms`,
  unavailable: (what) => `${what} is unreachable`,
};

publicRoutes.get('/health', async (c) => {
  const { pools, checkQueue } = c.var.deps;
  const [database, queue] = await Promise.all([
    answerWithin(() => pools.app.query('select 1'), HEALTH_WAIT_MS),
    checkQueue ? answerWithin(checkQueue, HEALTH_WAIT_MS) : Promise.resolve('off' as const),
  ]);
  const reasons: string[] = [];
  if (database !== 'ok') reasons.push(REASONS[database]('the database'));
  if (queue !== 'ok' && queue !== 'off') reasons.push(REASONS[queue]('the job queue'));
  if (reasons.length) return c.json({ status: 'degraded', database, queue, reasons }, 503);
  return c.json({ status: 'ok', database, queue });
});

/** Anyone may ask for access, so each address may ask only a few times (it fills the admins' list). */
export const ACCESS_REQUESTS_PER_IP: RateRule = { name: 'access-request:ip', limit: 5, windowSeconds: 60 * 60 };

publicRoutes.post('/access-requests', async (c) => {
  const input = await parseBody(c, accessRequestSchema);
  const decision = await hit(c.var.deps.pools.owner, ACCESS_REQUESTS_PER_IP, c.var.deps.clientIp(c));
  if (!decision.allowed) {
    throw new HttpError(429, `Too many access requests from your address. Try again in ${Math.ceil(decision.retryAfterSeconds / 60)} minute(s).`, {
      extra: { retryAfter: decision.retryAfterSeconds },
    });
  }
  await asAnon(c, (tx) => fileAccessRequest(tx, input));
  return c.json({ success: true }, 201);
});
