// One log line per request (platform/runtime/log.ts): request id, method, route,
// status, duration and the signed-in user's id. Never the body, the query string
// or a path's token: the route is the pattern the request matched (/api/candidates/:id),
// and pages that carry a token in their path are logged by their pattern. The request
// id comes back as X-Request-Id; one given by a proxy in front is kept when it looks
// like an id.
import type { Context, MiddlewareHandler } from 'hono';
import type { Logger } from '#platform/runtime/log.server.ts';

const GIVEN_ID = /^[A-Za-z0-9._:-]{8,128}$/;

export function requestIdOf(given: string | undefined): string {
  return given && GIVEN_ID.test(given) ? given : crypto.randomUUID();
}

/** Paths outside /api: the few that carry a secret token become their pattern; the rest are public pages and files. */
export function pageRoute(path: string): string {
  const token = /^\/(book|unsubscribe|privacy|t\/[oc])\/[^/]+(\/.*)?$/.exec(path);
  if (token) return `/${token[1]}/:token${token[2] ? '/*' : ''}`;
  if (path.startsWith('/_astro/')) return '/_astro/*';
  if (path === '/app' || path.startsWith('/app/')) return '/app/*';
  return path.length > 200 ? `${path.slice(0, 200)}…` : path;
}

interface RequestLogOptions<E extends object> {
  /** The route to log: a pattern, never a path with a token in it. */
  route: (c: Context<E>) => string;
  /**
   * The status of a response the handler wrote to the socket itself (server.ts's Astro pages), else null. Such a
   * response must not be touched after the fact (a header set then would write it a second time).
   */
  written?: (c: Context<E>) => number | null;
  /** Requests someone else logs (server.ts hands /api to the API, which logs them itself). */
  skip?: (c: Context<E>) => boolean;
}

export function requestLog<E extends { Variables: { requestId?: string; user?: { id: string } } }>(
  logger: Logger | undefined, { route, written = () => null, skip = () => false }: RequestLogOptions<E>,
): MiddlewareHandler<E> {
  return async (c, next) => {
    if (skip(c)) return next();
    const started = performance.now();
    const requestId = requestIdOf(c.req.header('x-request-id'));
    c.set('requestId', requestId);
    await next();
    const writtenStatus = written(c);
    if (writtenStatus === null) c.header('X-Request-Id', requestId);
    if (!logger) return;
    const answered = writtenStatus ?? c.res.status;
    (answered >= 500 ? logger.error : logger.info)('request', {
      requestId, method: c.req.method, route: route(c), status: answered,
      durationMs: Math.round((performance.now() - started) * 10) / 10, userId: c.var.user?.id ?? null,
    });
  };
}
