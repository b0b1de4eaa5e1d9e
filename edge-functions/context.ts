// What the API needs from its host (server.ts on Node, or an edge runtime).
import type { Context } from 'hono';
import type { Pools } from '#platform/db/pools.server.ts';
import type { IdentityProvider } from '#platform/auth/identity.server.ts';
import type { Caller, SessionUser } from '#domain/auth/session.server.ts';
import type { Config } from '#platform/runtime/config.server.ts';
import type { JobQueue } from '#platform/runtime/jobs.server.ts';
import type { CalendarPort } from '#domain/meetings/calendar-port.ts';
import type { Logger } from '#platform/runtime/log.server.ts';
import type { RouteDoc } from './contract.ts';
import type { HttpError } from './http.ts';

export interface ApiDeps {
  pools: Pools;
  /** Who signs people in: better-auth (embedded default) or Supabase Auth. */
  identity: IdentityProvider;
  config: Config;
  /** The client's address, for rate limits; the host knows how to find it. */
  clientIp(c: Context): string;
  /** Hands work to the worker at once (pg-boss). Optional: without it the worker's sweep finds queued work. */
  jobs?: JobQueue;
  /** The recruiters' Outlook calendars (Microsoft Graph); null or absent when not configured. */
  calendar?: CalendarPort | null;
  /** Resolves when the job queue answers (pg-boss in this process); absent when no worker runs here. For /api/health. */
  checkQueue?(): Promise<unknown>;
  /** One line per request (edge-functions/request-log.ts); absent: no request lines (failures still go to the process log). */
  logger?: Logger;
  /** This process's heartbeat id (platform/runtime/workers.server.ts): long work it runs (an import) is marked with it. */
  processId?: string;
}

export interface AppEnv {
  Variables: {
    deps: ApiDeps;
    caller: Caller;
    user: SessionUser;
    /** The route's doc(), for the response check (contract.ts). */
    routeDoc?: RouteDoc;
    /** This request's id (X-Request-Id, request-log.ts). */
    requestId?: string;
    /** An HTML form's input that did not parse (contract.ts formOrBody): the route shows it on its page. */
    formProblem?: HttpError;
  };
}
