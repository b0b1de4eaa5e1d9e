// Shared helpers for the /app unit tests (not a test file itself).
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { createQueryClient } from '#app/api/queryClient.ts';
import type { SessionUser } from '#domain/auth/schemas.ts';
import { CurrentUserProvider } from '#app/session/CurrentUser.tsx';
import { theme } from '#app/theme.ts';
import { ToastViewport } from '#app/toast/ToastViewport.tsx';

export const recruiter: SessionUser = {
  id: 'u-recruiter',
  username: 'rita',
  role: 'recruiter',
  displayName: 'Rita Recruiter',
  email: 'rita@example.com',
  twoFactorEnabled: false,
};

export const admin: SessionUser = {
  id: 'u-admin',
  username: 'ada',
  role: 'admin',
  displayName: 'Ada Admin',
  email: 'ada@example.com',
  twoFactorEnabled: true,
};

/** A query client with the app's defaults but no retries (tests fail fast). */
export function testQueryClient(): QueryClient {
  const client = createQueryClient();
  const defaults = client.getDefaultOptions();
  client.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retry: false } });
  return client;
}

export function Providers({ children, client, user }: { children: ReactNode; client: QueryClient; user?: SessionUser }) {
  return (
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={client}>
        <ToastViewport />
        {user ? <CurrentUserProvider user={user}>{children}</CurrentUserProvider> : children}
      </QueryClientProvider>
    </MantineProvider>
  );
}

/** Sets the URL, then renders `ui` inside Mantine, Query and (optionally) a signed-in user. */
export function renderAt(path: string, ui: ReactNode, { user }: { user?: SessionUser } = {}) {
  window.history.replaceState(null, '', path);
  const client = testQueryClient();
  const result = render(<Providers client={client} user={user}>{ui}</Providers>);
  return { ...result, client };
}

/**
 * Runs `update` (resolving a stubbed fetch, moving fake timers) in React's async act: act then
 * flushes the promise callbacks it set off, so their renders land before the test reads the DOM.
 */
export async function actAsync(update: () => unknown): Promise<void> {
  await act(() => {
    update();
    return Promise.resolve();
  });
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

/** The URL a fetch call asked for, in whichever form the caller passed it. */
export function requestUrl(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}

/** The JSON a fetch call sent: the app's client sends JSON bodies as text. Untyped, like the API answers in tests. */
export function sentJson(init: RequestInit | undefined) {
  const body = init?.body;
  if (typeof body !== 'string') throw new Error(`Expected a JSON text body, got ${body == null ? 'none' : Object.prototype.toString.call(body)}`);
  return JSON.parse(body);
}

/**
 * Stubs the browser's fetch per "METHOD /path" (query string ignored): each value is a Handler,
 * or any other value, which is answered as JSON.
 */
export function stubFetch(routes: Record<string, unknown>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = requestUrl(input);
    const key = `${init.method ?? 'GET'} ${url.split('?')[0]}`;
    if (!(key in routes)) return jsonResponse({ error: `No stub for ${key}` }, 404);
    const route = routes[key];
    return typeof route === 'function' ? (route as Handler)(url, init) : jsonResponse(route);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export function currentUrl(): string {
  return window.location.pathname + window.location.search;
}
