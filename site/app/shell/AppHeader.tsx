import { AppShell, Box, Group, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useCurrentUser } from '../session/CurrentUser.tsx';
import { Link } from '../router/Link.tsx';
import { useLocation } from '../router/RouterView.tsx';

const HeaderMenus = lazy(() => import('./HeaderMenus.tsx').then((m) => ({ default: m.HeaderMenus })));

/** Where the phone's header buttons go while their chunk arrives: their sizes, so nothing moves. */
function HeaderMenusPending() {
  return (
    <>
      <Box w={34} h={34} />
      <Box w={34} h={34} />
      <Box w={34} h={34} />
    </>
  );
}

export function AppHeader() {
  const { pathname } = useLocation();
  const user = useCurrentUser();
  return (
    <AppShell.Header px="md">
      <Group h="100%" justify="space-between">
        <Text component={Link} to="/app" fw={800} size="lg" c="indigo" style={{ textDecoration: 'none' }}>
          Talentloop
        </Text>
        {/* On phones the sidebar (its search button and user footer) is hidden: search, scheduling and the user menu live here. */}
        <Group gap={4} hiddenFrom="sm">
          <Suspense fallback={<HeaderMenusPending />}>
            <HeaderMenus pathname={pathname} user={user} />
          </Suspense>
        </Group>
      </Group>
    </AppShell.Header>
  );
}
