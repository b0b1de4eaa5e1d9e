// The router of the signed-in app (router.ts): the route table (routes.ts), state in the URL (each
// route's search schema, a small parser in searchParams.ts, which also writes the query string), a
// page's chunk fetched on hover of a link to it.
import type { SessionUser } from '#domain/auth/schemas.ts';
import { setNavigationRouter } from './navigate.ts';
import { browserHistory, Router, type RouterHistory } from './router.ts';

export interface AppRouterOptions {
  user: SessionUser;
  /** The browser's history by default. */
  history?: RouterHistory;
}

export function createAppRouter({ user, history }: AppRouterOptions): Router {
  const router = new Router(user, history ?? browserHistory());
  setNavigationRouter(router);
  return router;
}

export type AppRouter = Router;
