// The Hono app behind every /api path. It uses only web-standard APIs itself;
// everything host-specific comes in through ApiDeps.
import { Hono, type Context } from 'hono';
import { matchedRoutes } from 'hono/route';
import { unavailableReason } from '#platform/db/pools.server.ts';
import { authDatabaseFailure, keepAuthErrors } from '#platform/auth/better-auth.server.ts';
import { log as processLog } from '#platform/runtime/log.server.ts';
import type { ApiDeps, AppEnv } from './context.ts';
import { say } from '#domain/i18n/codes.ts';
import { errorResponse, HttpError, toHttpError } from './http.ts';
import { originCheck } from './guards.ts';
import { limitBody } from './body-limits.ts';
import { securityHeaders } from './security-headers.ts';
import { requestLog } from './request-log.ts';
import { publicRoutes } from './routes/public.ts';
import { authRoutes } from './routes/auth.ts';
import { adminRoutes } from './routes/admin.ts';
import { candidateMessageRoutes, messageRoutes } from './routes/messages.ts';
import { aiContentRoutes, aiTemplateRoutes } from './routes/ai.ts';
import { campaignRoutes } from './routes/campaigns.ts';
import { outboxRoutes } from './routes/outbox.ts';
import { unsubscribeRoutes } from './routes/unsubscribe.ts';
import { inboundRoutes } from './routes/inbound.ts';
import { candidateRoutes } from './routes/candidates.ts';
import { candidateDuplicateRoutes } from './routes/candidate-duplicates.ts';
import { talentPoolRoutes } from './routes/talent-pools.ts';
import { searchRoutes } from './routes/search.ts';
import { importRoutes } from './routes/imports.ts';
import { suppressionRoutes } from './routes/suppressions.ts';
import { retentionRoutes } from './routes/retention.ts';
import { dataRequestAdminRoutes, dataRequestRoutes } from './routes/data-requests.ts';
import { bookingLinkRoutes, bookingPreviewRoutes, candidateBookingLinkRoutes, meetingRoutes } from './routes/meetings.ts';
import { publicBookingRoutes } from './routes/public-booking.ts';
import { publicPrivacyRoutes } from './routes/privacy.ts';
import { privacyRoutes, trackingRoutes } from './routes/tracking.ts';
import { dashboardRoutes } from './routes/dashboard.ts';
import { organisationSettingsRoutes, profileSettingsRoutes } from './routes/settings.ts';
import { integrationRoutes } from './routes/integrations.ts';
import { bookingSettingsRoutes, meetingTypeRoutes } from './routes/meeting-booking.ts';
import { whatsappCandidateRoutes, whatsappRoutes } from './routes/whatsapp.ts';
import { webhookRoutes } from './routes/webhooks.ts';
import { graphRoutes } from './routes/graph-notifications.ts';
import { openApiDocument } from './openapi.ts';
import { doc } from './contract.ts';

/** The route a request matched, as declared (/api/candidates/:id): the last method route, not a middleware's pattern. */
function routeOf(c: Context<AppEnv>): string {
  return matchedRoutes(c).filter((route) => route.method !== 'ALL').at(-1)?.path ?? '(no route)';
}

export function createApi(deps: ApiDeps) {
  const api = new Hono<AppEnv>().basePath('/api');
  api.use('*', requestLog(deps.logger, { route: routeOf }));
  api.use('*', (c, next) => keepAuthErrors(next));
  api.use('*', securityHeaders(deps.config.publicUrl));
  api.use('*', async (c, next) => {
    c.set('deps', deps);
    c.header('cache-control', 'no-store');
    await next();
  });
  api.use('*', limitBody);
  api.use('*', originCheck);

  // Chained, so the type of the result carries every route (hc<ApiType> in the browser).
  const routes = api
    .route('/', publicRoutes)
    .route('/auth', authRoutes)
    .route('/admin/suppressions', suppressionRoutes)
    .route('/admin/data-requests', dataRequestAdminRoutes)
    .route('/admin', retentionRoutes)
    .route('/admin', adminRoutes)
    .route('/candidates', candidateMessageRoutes)
    .route('/messages', messageRoutes)
    .route('/ai-templates', aiTemplateRoutes)
    .route('/ai-content', aiContentRoutes)
    .route('/campaigns', campaignRoutes)
    .route('/outbox', outboxRoutes)
    .route('/unsubscribe', unsubscribeRoutes)
    .route('/inbound', inboundRoutes)
    .route('/candidates', candidateDuplicateRoutes)
    .route('/candidates', candidateRoutes)
    .route('/talent-pools', talentPoolRoutes)
    .route('/search', searchRoutes)
    .route('/imports', importRoutes)
    .route('/booking-settings', bookingSettingsRoutes)
    .route('/meeting-types', meetingTypeRoutes)
    .route('/public/booking', publicBookingRoutes)
    .route('/public/privacy', publicPrivacyRoutes)
    .route('/booking-settings', bookingPreviewRoutes)
    .route('/booking-links', bookingLinkRoutes)
    .route('/candidates', candidateBookingLinkRoutes)
    .route('/meetings', meetingRoutes)
    .route('/t', trackingRoutes)
    .route('/settings/privacy', privacyRoutes)
    .route('/settings/organisation', organisationSettingsRoutes)
    .route('/settings/profile', profileSettingsRoutes)
    .route('/settings/integrations', integrationRoutes)
    .route('/dashboard', dashboardRoutes)
    .route('/candidates', whatsappCandidateRoutes)
    .route('/whatsapp', whatsappRoutes)
    .route('/webhooks', webhookRoutes)
    .route('/graph', graphRoutes)
    .route('/data-requests', dataRequestRoutes);

  let openApi: ReturnType<typeof openApiDocument> | undefined;
  api.get('/openapi.json', doc({ summary: 'This document: every /api route, its inputs and its answers (OpenAPI 3.1)', access: 'public', tag: 'meta',
    response: { contentType: 'application/json', description: 'An OpenAPI 3.1 document' } }),
  (c) => c.json(openApi ??= openApiDocument(api, deps.config.publicUrl)));

  api.notFound((c) => errorResponse(c, new HttpError(404, say('no_route', { method: c.req.method, path: new URL(c.req.url).pathname }))));
  const logger = deps.logger ?? processLog;
  api.onError((caught, c) => {
    const where = { requestId: c.var.requestId, method: c.req.method, route: routeOf(c) };
    // better-auth answers a database it could not reach with a bare 500 of its own.
    const error = (caught.name === 'APIError' && authDatabaseFailure() as Error | undefined) || caught;
    const known = toHttpError(error);
    if (known) {
      const retryAfter = known.retryAfterSeconds ?? (known.status === 429 ? known.extra.retryAfter : undefined);
      if (typeof retryAfter === 'number') c.header('retry-after', String(retryAfter));
      // An outage is worth a log line (with what to fix, where we know it); the caller only learns to try again.
      if (known.status === 503 && !(error instanceof HttpError)) logger.warn('database unavailable', { ...where, reason: unavailableReason(error) });
      return errorResponse(c, known);
    }
    logger.error('request failed', { ...where, error: error.message, stack: error.stack });
    return errorResponse(c, new HttpError(500, 'internal'));
  });
  return routes;
}

/** The whole API's type: the browser's client is hc<ApiType> (site/app/api/client.ts). */
export type ApiType = ReturnType<typeof createApi>;
