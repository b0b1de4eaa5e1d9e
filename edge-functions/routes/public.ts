// Routes anyone may call: health and "Request Access".
import { Hono } from 'hono';
import { fileAccessRequest } from '#domain/auth/access-requests.server.ts';
import { networkOf } from '#platform/http/client-ip.server.ts';
import { hit, type RateRule } from '#platform/http/rate-limit.server.ts';
import { accessRequestCreateSchema } from '#domain/auth/schemas.ts';
import { healthSchema, type HealthAnswer } from '#platform/runtime/schemas.ts';
import { successSchema } from '#domain/schemas/answers.ts';
import type { AppEnv } from '../context.ts';
import { asAnon } from '../guards.ts';
import { HttpError } from '../http.ts';
import { say } from '#domain/i18n/codes.ts';
import { body, doc, reply } from '../contract.ts';

/** How long /api/health waits for the database and the job queue before calling them slow. */
const HEALTH_WAIT_MS = 1000;

/** 'ok' if `work` answers within `ms`, 'slow' if not, 'unavailable' if it fails. */
function answerWithin(work: () => Promise<unknown>, ms: number): Promise<HealthAnswer> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve('slow'), ms);
    work().then(() => resolve('ok'), () => resolve('unavailable')).finally(() => clearTimeout(timer));
  });
}

const REASONS: Record<Exclude<HealthAnswer, 'ok'>, (what: string) => string> = {
  slow: (what) => `${what} did not answer within ${HEALTH_WAIT_MS} ms`,
  unavailable: (what) => `${what} is unreachable`,
};

/** Anyone may ask for access, so each address (an IPv6 /64) may ask only a few times (it fills the admins' list). */
export const ACCESS_REQUESTS_PER_IP: RateRule = { name: 'access-request:ip', limit: 5, windowSeconds: 60 * 60 };

export const publicRoutes = new Hono<AppEnv>()
  .get('/health', doc({ summary: 'Whether the database and the job queue answer (503 "degraded" with reasons when not)', access: 'public', response: healthSchema,
    alsoAnswers: { 503: healthSchema } }),
  async (c) => {
    const { deps } = c.var;
    const [database, queue] = await Promise.all([
      answerWithin(() => deps.pools.app.query('select 1'), HEALTH_WAIT_MS),
      deps.checkQueue ? answerWithin(() => deps.checkQueue!(), HEALTH_WAIT_MS) : Promise.resolve('off' as const),
    ]);
    const reasons: string[] = [];
    if (database !== 'ok') reasons.push(REASONS[database]('the database'));
    if (queue !== 'ok' && queue !== 'off') reasons.push(REASONS[queue]('the job queue'));
    if (reasons.length) return reply(c, healthSchema, { status: 'degraded', database, queue, reasons }, 503);
    return reply(c, healthSchema, { status: 'ok', database, queue });
  })

  .post('/access-requests', doc({ summary: 'Ask for an account (a few times per hour per address)', access: 'public', response: successSchema, status: 201 }),
  body(accessRequestCreateSchema), async (c) => {
    const input = c.req.valid('json');
    const decision = await hit(c.var.deps.pools.owner, ACCESS_REQUESTS_PER_IP, networkOf(c.var.deps.clientIp(c)));
    if (!decision.allowed) {
      throw new HttpError(429, say('too_many_access_requests', { minutes: Math.ceil(decision.retryAfterSeconds / 60) }), {
        extra: { retryAfter: decision.retryAfterSeconds },
      });
    }
    await asAnon(c, (tx) => fileAccessRequest(tx, input));
    return reply(c, successSchema, { success: true }, 201);
  });
