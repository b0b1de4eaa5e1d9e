// The routed app for the signed-in user (inside <SessionGate>): one router per
// page load; the user goes into its context for the routes' guards.
import { RouterProvider } from '@tanstack/react-router';
import { useState } from 'react';
import { useCurrentUser } from '../session/CurrentUser.tsx';
import { createAppRouter } from './appRouter.ts';

export function AppRouter() {
  const user = useCurrentUser();
  const [router] = useState(() => createAppRouter({ user }));
  return <RouterProvider router={router} context={{ user }} />;
}
