// The /app router (decision 056): a path picks one page of the route table (routes.ts), whose chunk
// loads before the page is shown; the query string is read by the route's search schema, and what the
// schema drops leaves the address bar too; redirects are followed before anything renders. The browser's
// history is the only state that outlives a navigation, so Back, Forward, a reload and a copied URL all
// show the same view. No React here (RouterView.tsx renders it).
import type { SessionUser } from '#domain/auth/schemas.ts';
import { normalizePath } from './paths.ts';
import { parseSearch, stringifySearch } from './searchParams.ts';
import { matchRoute, rootRedirect, type AppRoute } from './routes.ts';

/** Where the router is: the href after redirects and the search schema, and what it matched. */
export interface RouterLocation {
  href: string;
  pathname: string;
  /** '?a=1' or ''. */
  searchStr: string;
  hash: string;
  /** The query as the route's schema reads it (all of it, as text, on a route without one). */
  search: Record<string, unknown>;
  /** null: no route has this path (the 404 page, inside the shell). */
  route: AppRoute | null;
  params: Record<string, string>;
}

const MAX_REDIRECTS = 5;

function splitHref(href: string): { pathname: string; searchStr: string; hash: string } {
  const url = new URL(href, 'http://app.invalid');
  return { pathname: url.pathname, searchStr: url.search === '?' ? '' : url.search, hash: url.hash };
}

/** What `href` shows for `user`: redirects followed, the query read by the route's schema. */
export function resolveHref(href: string, user: SessionUser): RouterLocation {
  let at = href;
  for (let hop = 0; ; hop++) {
    const { pathname, searchStr, hash } = splitHref(at);
    const matched = matchRoute(normalizePath(pathname));
    const raw = parseSearch(searchStr);
    const search = matched?.route.validateSearch ? matched.route.validateSearch(raw) : raw;
    const redirect = rootRedirect(user, pathname) ?? matched?.route.redirect?.({ search, searchStr }) ?? null;
    if (redirect && hop < MAX_REDIRECTS) {
      at = redirect;
      continue;
    }
    const shownSearch = matched?.route.validateSearch ? stringifySearch(search) : searchStr;
    return { href: pathname + shownSearch + hash, pathname, searchStr: shownSearch, hash, search, route: matched?.route ?? null, params: matched?.params ?? {} };
  }
}

/** The browser's history, or a test's stand-in: hrefs, and a key per entry for its scroll position. */
export interface RouterHistory {
  href(): string;
  key(): string;
  push(href: string): void;
  replace(href: string): void;
  /** Back and Forward: `listener` runs once the entry has changed. */
  listen(listener: () => void): () => void;
}

export function browserHistory(): RouterHistory {
  const newKey = () => Math.random().toString(36).slice(2, 10);
  const key = () => (window.history.state as { key?: string } | null)?.key ?? '';
  if (!key()) window.history.replaceState({ key: newKey() }, '');
  // The router puts the page back where it was on Back and Forward, once the page has rendered.
  if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
  return {
    href: () => window.location.pathname + window.location.search + window.location.hash,
    key,
    push: (href) => window.history.pushState({ key: newKey() }, '', href),
    replace: (href) => window.history.replaceState({ key: key() || newKey() }, '', href),
    listen: (listener) => {
      window.addEventListener('popstate', listener);
      return () => window.removeEventListener('popstate', listener);
    },
  };
}

export interface RouterState {
  location: RouterLocation;
  /** pending: the next page's code is on its way (the current page stays until it is there). */
  status: 'idle' | 'pending';
  /** The page's code could not be loaded. */
  error: unknown;
}

export interface NavigateOptions {
  href: string;
  /** Replace the current history entry instead of adding one. */
  replace?: boolean;
  /** Start at the top (another page); false keeps the scroll position (a filter, a drawer). */
  resetScroll?: boolean;
}

export class Router {
  state: RouterState;
  private readonly listeners = new Set<() => void>();
  private readonly scrollPositions = new Map<string, number>();
  private entryKey: string;
  private latest = 0;

  /** Whose redirects apply (AppRouter keeps it the session's latest). */
  private user: SessionUser;
  private readonly history: RouterHistory;

  constructor(user: SessionUser, history: RouterHistory) {
    this.user = user;
    this.history = history;
    const location = this.resolveCurrentEntry();
    this.entryKey = history.key();
    this.state = { location, status: 'idle', error: null };
    void this.commit(location, {});
  }

  setUser(user: SessionUser): void {
    this.user = user;
  }

  /** Follows Back and Forward until the returned function is called (RouterView does both). */
  listen(): () => void {
    return this.history.listen(() => {
      this.scrollPositions.set(this.entryKey, window.scrollY);
      const target = this.resolveCurrentEntry();
      this.entryKey = this.history.key();
      void this.commit(target, { scrollTo: this.scrollPositions.get(this.entryKey) ?? 0 });
    });
  }

  /** Goes to `href` (an /app URL): in the history at once, on screen once the page's code is there. */
  navigate({ href, replace = false, resetScroll = true }: NavigateOptions): Promise<void> {
    const target = resolveHref(href, this.user);
    this.scrollPositions.set(this.entryKey, window.scrollY);
    if (replace || target.href === this.history.href()) this.history.replace(target.href);
    else this.history.push(target.href);
    this.entryKey = this.history.key();
    return this.commit(target, resetScroll ? { scrollTo: 0 } : {});
  }

  /** Fetches the code of the page at `href` ahead of a likely click. */
  preload(href: string): Promise<void> {
    const { route } = resolveHref(href, this.user);
    return route ? route.component.preload().then(() => undefined) : Promise.resolve();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => { this.listeners.delete(listener); };
  };

  getState = (): RouterState => this.state;

  /** What the history's current entry shows; the entry itself is corrected to it (a redirect, dropped parameters). */
  private resolveCurrentEntry(): RouterLocation {
    const location = resolveHref(this.history.href(), this.user);
    if (location.href !== this.history.href()) this.history.replace(location.href);
    return location;
  }

  /** Shows `location`: at once when its page's code is there, else once it has arrived (or failed to). */
  private commit(location: RouterLocation, { scrollTo }: { scrollTo?: number }): Promise<void> {
    const mine = ++this.latest;
    const show = (error: unknown) => {
      if (mine !== this.latest) return; // a later navigation won
      this.set({ location, status: 'idle', error });
      if (scrollTo !== undefined) requestAnimationFrame(() => window.scrollTo(0, scrollTo));
    };
    const page = location.route?.component;
    if (!page || page.isLoaded()) {
      show(null);
      return Promise.resolve();
    }
    this.set({ ...this.state, status: 'pending' });
    return page.preload().then(() => show(null), (error: unknown) => show(error));
  }

  private set(state: RouterState): void {
    this.state = state;
    for (const listener of this.listeners) listener();
  }
}
