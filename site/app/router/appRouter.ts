// The router of the signed-in app: code-based routes (routeTree.tsx), state in
// the URL (each route's validateSearch, a small parser in searchParams.ts, which also writes the query
// string), a page's chunk fetched on hover of a link to it.
import { createRouter, type RouteComponent, type RouterHistory } from '@tanstack/react-router';
import type { SessionUser } from '#domain/auth/schemas.ts';
import { setNavigationRouter } from './navigate.ts';
import { PageError, PagePending } from './PageStatus.tsx';
import { createRouteTree } from './routeTree.tsx';
import { parseSearch, stringifySearch } from './searchParams.ts';

export interface AppRouterOptions {
  user: SessionUser;
  /** Renders around every page; the shell by default. */
  root?: RouteComponent;
  /** The browser's history by default. */
  history?: RouterHistory;
}

export function createAppRouter({ user, root, history }: AppRouterOptions) {
  const router = createRouter({
    routeTree: createRouteTree(root),
    context: { user },
    history,
    parseSearch,
    stringifySearch,
    defaultPreload: 'intent',
    defaultPendingComponent: PagePending,
    defaultErrorComponent: PageError,
    scrollRestoration: true,
  });
  setNavigationRouter(router);
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
