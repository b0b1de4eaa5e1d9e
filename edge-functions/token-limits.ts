// The rate limits of the pages a candidate opens by a link's token, without an account: the booking page
// (decision 015) and the privacy page. Per address (an IPv6 /64), per link and address (a reader), and for
// changes per reader and, generously, per link. No count is per link alone for reads: whoever else holds
// the link cannot lock its candidate out of their own page.
import type { Context } from 'hono';
import { networkOf } from '#platform/http/client-ip.server.ts';
import { hit, type RateRule } from '#platform/http/rate-limit.server.ts';
import { say } from '#domain/i18n/codes.ts';
import type { AppEnv } from './context.ts';
import { HttpError } from './http.ts';

export interface TokenPageLimits {
  perIp: RateRule;
  perReader: RateRule;
  changesPerReader: RateRule;
  changesPerToken: RateRule;
}

async function limit(c: Context<AppEnv>, rule: RateRule, subject: string) {
  const decision = await hit(c.var.deps.pools.owner, rule, subject);
  if (!decision.allowed) {
    throw new HttpError(429, say('too_many_requests', { minutes: Math.ceil(decision.retryAfterSeconds / 60) }), {
      extra: { retryAfter: decision.retryAfterSeconds },
    });
  }
}

/** Counts this request against `limits`; a 429 (with retryAfter) when one is used up. */
export async function limitTokenPage(c: Context<AppEnv>, limits: TokenPageLimits, token: string, { change = false } = {}) {
  const network = networkOf(c.var.deps.clientIp(c));
  const reader = `${token}:${network}`;
  await limit(c, limits.perIp, network);
  await limit(c, limits.perReader, reader);
  if (change) {
    await limit(c, limits.changesPerReader, reader);
    await limit(c, limits.changesPerToken, token);
  }
}
