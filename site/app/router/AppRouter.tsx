// The routed app for the signed-in user (inside <SessionGate>): one router per
// page load; the user it holds decides the redirects (an admin without two-factor).
import { useEffect, useState } from 'react';
import { useCurrentUser } from '../session/CurrentUser.tsx';
import { AppLayout } from '../shell/AppLayout.tsx';
import { createAppRouter } from './appRouter.ts';
import { RouterProvider } from './RouterView.tsx';

export function AppRouter() {
  const user = useCurrentUser();
  const [router] = useState(() => createAppRouter({ user }));
  // The session's latest: enrolling two-factor lifts the redirect at the next navigation.
  useEffect(() => router.setUser(user), [router, user]);
  return <RouterProvider router={router} root={AppLayout} />;
}
