import { AppShell } from '@mantine/core';
import { openCommandPalette } from '../palette/paletteStore.ts';
import { Outlet, useLocation } from '../router/RouterView.tsx';
import { useCurrentUser } from '../session/CurrentUser.tsx';
import { AppHeader } from './AppHeader.tsx';
import { DeferredPanels } from './DeferredPanels.tsx';
import { MobileBottomBar } from './MobileBottomBar.tsx';
import { Sidebar } from './Sidebar.tsx';
import { useRemoveStaticFrame } from './staticFrame.ts';

/** The root route: header, sidebar (desktop), bottom bar (mobile), and the page in <Outlet />. */
export function AppLayout() {
  const user = useCurrentUser();
  const { pathname } = useLocation();
  useRemoveStaticFrame();
  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: true } }}
      footer={{ height: { base: 64, sm: 0 } }}
      padding="md"
    >
      <AppHeader />
      <Sidebar user={user} pathname={pathname} onOpenSearch={openCommandPalette} />
      <AppShell.Main><Outlet /></AppShell.Main>
      <MobileBottomBar pathname={pathname} />
      <DeferredPanels />
    </AppShell>
  );
}
