// The current URL as a React-readable store: popstate plus our own navigate().
import { useMemo, useSyncExternalStore } from 'react';

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
}

function currentUrl(): string {
  return window.location.pathname + window.location.search;
}

export interface NavigateOptions {
  replace?: boolean;
}

/** Client-side navigation inside the app (no page load). */
export function navigate(to: string, { replace = false }: NavigateOptions = {}): void {
  if (replace || to === currentUrl()) {
    window.history.replaceState(null, '', to);
  } else {
    window.history.pushState(null, '', to);
    window.scrollTo(0, 0);
  }
  for (const listener of listeners) listener();
}

export interface AppLocation {
  pathname: string;
  /** Includes the leading "?" when not empty. */
  search: string;
}

export function useLocation(): AppLocation {
  const url = useSyncExternalStore(subscribe, currentUrl, currentUrl);
  return useMemo(() => {
    const at = url.indexOf('?');
    return at === -1
      ? { pathname: url, search: '' }
      : { pathname: url.slice(0, at), search: url.slice(at) };
  }, [url]);
}

export function useSearchParams(): URLSearchParams {
  const { search } = useLocation();
  return useMemo(() => new URLSearchParams(search), [search]);
}
