// The router in React: <RouterProvider> renders the root (the shell) around <Outlet />, the page of the
// current route; the hooks read the URL as the page's schema sees it and change it (router.ts).
import { Component, createContext, Suspense, useContext, useEffect, useMemo, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
import { NotFoundPage } from '../pages/NotFoundPage.tsx';
import { PageError, PagePending } from './PageStatus.tsx';
import type { Router, RouterState } from './router.ts';
import { stringifySearch, type SearchFields, type SearchOf, type SearchSchema } from './searchParams.ts';

const RouterContext = createContext<Router | null>(null);

function useRouter(): Router {
  const router = useContext(RouterContext);
  if (!router) throw new Error('useRouter: no <RouterProvider> above');
  return router;
}

function useRouterState(): RouterState {
  const router = useRouter();
  return useSyncExternalStore(router.subscribe, router.getState, router.getState);
}

/** Renders `root` (the shell, or a test's own) with the current page in its <Outlet />, and follows Back and Forward. */
export function RouterProvider({ router, root: Root }: { router: Router; root: ComponentType }) {
  useEffect(() => router.listen(), [router]);
  return <RouterContext.Provider value={router}><Root /></RouterContext.Provider>;
}

/** A page that threw while rendering: the error in the page area, the shell still usable. */
class PageBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  render() {
    return this.state.error ? <PageError error={this.state.error} /> : this.props.children;
  }
}

/** The current route's page; the 404 page where no route has the path. */
export function Outlet() {
  const { location, error } = useRouterState();
  if (error) return <PageError error={error} />;
  const Page = location.route?.component;
  if (!Page) return <NotFoundPage />;
  // Keyed by the page: another page starts without the last one's error.
  return (
    <PageBoundary key={location.route?.page}>
      <Suspense fallback={<PagePending />}><Page /></Suspense>
    </PageBoundary>
  );
}

export interface LocationView {
  pathname: string;
  searchStr: string;
  href: string;
}

/** The shown location (after redirects; what the page's schema kept of the query). */
export function useLocation(): LocationView {
  const { pathname, searchStr, href } = useRouterState().location;
  return useMemo(() => ({ pathname, searchStr, href }), [pathname, searchStr, href]);
}

/** The query as `schema` reads it: the same object until the query changes. */
export function useSearch<F extends SearchFields>(schema: SearchSchema<F>): SearchOf<F> {
  const { search } = useRouterState().location;
  return useMemo(() => schema(search), [schema, search]);
}

/** A parameter of the route's path: the campaign page's id. */
export function useParam(name: string): string {
  return useRouterState().location.params[name] ?? '';
}

export interface NavigateTo<S> {
  /** A path; the current one when left out. */
  to?: string;
  /** The new query, or how to make it from the current one (as the current route's schema reads it). */
  search?: S | ((current: S) => S);
  replace?: boolean;
  resetScroll?: boolean;
}

/** Changes the URL: another path, or this page with another query. */
export function useNavigate() {
  const router = useRouter();
  return useMemo(() => <S extends object = Record<string, unknown>>({ to, search, replace, resetScroll }: NavigateTo<S>): Promise<void> => {
    const { location } = router.getState();
    const pathname = to ?? location.pathname;
    const current = (to === undefined ? location.search : {}) as S;
    const query = typeof search === 'function' ? search(current) : search;
    return router.navigate({ href: pathname + (query ? stringifySearch(query as Record<string, unknown>) : ''), replace, resetScroll });
  }, [router]);
}

/** Navigates once rendered (a page that belongs elsewhere). */
export function Navigate<S extends object>(props: NavigateTo<S>) {
  const navigate = useNavigate();
  const { to, search, replace } = props;
  useEffect(() => { void navigate({ to, search, replace }); }, []); // eslint-disable-line react-hooks/exhaustive-deps -- once
  return null;
}
