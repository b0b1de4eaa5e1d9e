// Where to go after signing in. Only same-site paths under /app are honoured, so a
// crafted ?next= link cannot bounce a fresh session to another site (open redirect).

export const DEFAULT_AFTER_LOGIN = '/app';

export function safeNextPath(search: string, origin: string): string | null {
  const raw = new URLSearchParams(search).get('next');
  // Reject protocol-relative ("//evil") and backslash tricks before URL parsing normalises them.
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return null;
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  // "/app" itself or anything below it; not "/apple".
  if (url.pathname !== '/app' && !url.pathname.startsWith('/app/')) return null;
  return url.pathname + url.search + url.hash;
}

/** The page to land on after a completed sign-in. */
export function afterLoginPath(location: Pick<Location, 'search' | 'origin'>): string {
  return safeNextPath(location.search, location.origin) ?? DEFAULT_AFTER_LOGIN;
}
