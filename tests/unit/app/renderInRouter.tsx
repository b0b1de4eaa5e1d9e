// Rendering inside the app's router, for the /app unit tests (not a test file
// itself): the real routes with their search schemas, guards and redirects,
// on the browser history at `path`. renderApp shows the shell and the routed
// page; renderPage shows `ui` in place of the shell (it can read its route's
// search). Both wait until the router has settled: the page's chunk loaded and
// any redirect followed.
import { render, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { SessionUser } from '#domain/auth/schemas.ts';
import { createAppRouter, type AppRouter } from '#app/router/appRouter.ts';
import { RouterProvider } from '#app/router/RouterView.tsx';
import { AppLayout } from '#app/shell/AppLayout.tsx';
import { Providers, testQueryClient } from './renderWithProviders.tsx';

/** Resolves once the router shows the current URL (nothing loading, no redirect pending). */
export async function routerSettled(router: AppRouter): Promise<void> {
  await waitFor(() => {
    const { status, location } = router.state;
    if (status !== 'idle' || location.href !== currentHref()) {
      throw new Error(`router still on its way to ${location.href}`);
    }
  });
}

function currentHref(): string {
  return window.location.pathname + window.location.search + window.location.hash;
}

async function renderRouted(path: string, user: SessionUser, root?: () => ReactNode) {
  window.history.replaceState(null, '', path);
  const client = testQueryClient();
  const router = createAppRouter({ user });
  const view = render(
    <Providers client={client} user={user}>
      <RouterProvider router={router} root={root ?? AppLayout} />
    </Providers>,
  );
  await routerSettled(router);
  return { ...view, client, router };
}

/** The signed-in app at `path`: the shell and the page the router picks. */
export function renderApp(path: string, { user }: { user: SessionUser }) {
  return renderRouted(path, user);
}

/** `ui` (a page or a panel) inside the router at `path`, instead of the shell. */
export function renderPage(path: string, ui: ReactNode, { user }: { user: SessionUser }) {
  return renderRouted(path, user, () => ui);
}
