import { AppShell, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { useLocation } from '../router/history.ts';
import { useCurrentUser } from '../session/CurrentUser.tsx';
import { AppHeader } from './AppHeader.tsx';
import { MobileBottomBar } from './MobileBottomBar.tsx';
import { Sidebar } from './Sidebar.tsx';
import { GlobalPanels } from '../panels/GlobalPanels.tsx';
import { CommandPalette } from '../palette/CommandPalette.tsx';
import { openCommandPalette } from '../palette/paletteStore.ts';

/** Header, sidebar (desktop), bottom bar (mobile) and the page. */
export function AppLayout({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  const { pathname } = useLocation();
  return (
    <Tooltip.Group openDelay={700} closeDelay={300}>
      <AppShell
        header={{ height: 56 }}
        navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: true } }}
        footer={{ height: { base: 64, sm: 0 } }}
        padding="md"
      >
        <AppHeader />
        <Sidebar user={user} pathname={pathname} onOpenSearch={openCommandPalette} />
        <AppShell.Main>{children}</AppShell.Main>
        <MobileBottomBar pathname={pathname} />
        <GlobalPanels />
        <CommandPalette />
      </AppShell>
    </Tooltip.Group>
  );
}
