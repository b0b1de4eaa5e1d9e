// Navigation by URL, for code that holds an href rather than a route: search
// results, the Advanced Editor's hand-off, plain links. /app URLs go through
// the router (no page load); anything else (the public pages, another site)
// loads normally.
import { assignLocation } from '../lib/browserNavigation.ts';
import type { AppRouter } from './appRouter.ts';

let appRouter: AppRouter | null = null;

/** Called by createAppRouter: the router of this page (one per page load, one per test). */
export function setNavigationRouter(router: AppRouter): void {
  appRouter = router;
}

/** True for URLs the router shows; other URLs load normally. */
export function isAppPath(href: string): boolean {
  return href === '/app' || href.startsWith('/app/') || href.startsWith('/app?') || href.startsWith('/app#');
}

export interface NavigateOptions {
  /** Replace the current history entry instead of adding one. */
  replace?: boolean;
}

export function navigate(href: string, { replace = false }: NavigateOptions = {}): void {
  if (!isAppPath(href) || !appRouter) {
    assignLocation(href);
    return;
  }
  // Another page starts at the top; the same page with another query (a drawer, a filter) keeps its scroll position.
  const samePage = appRouter.state.location.pathname === new URL(href, window.location.origin).pathname;
  void appRouter.navigate({ href, replace, resetScroll: !samePage });
}

/** Fetches the code of the page at `href` ahead of a likely click (hover, focus). */
export function preload(href: string): void {
  if (isAppPath(href) && appRouter) appRouter.preload(href).catch(() => {});
}
