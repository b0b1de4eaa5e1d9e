import { AppShell, Stack } from '@mantine/core';
import type { SessionUser } from '#domain/auth/schemas.ts';
import { useT } from '../i18n/useT.ts';
import { isAdmin } from '../session/CurrentUser.tsx';
import { NavGroup } from './NavGroup.tsx';
import { ADMIN_NAV, MAIN_NAV, SCHEDULING_NAV } from './navItems.ts';
import { SearchButton } from './SearchButton.tsx';
import { SidebarUserFooter } from './SidebarUserFooter.tsx';

interface SidebarProps {
  user: SessionUser;
  pathname: string;
  onOpenSearch: () => void;
}

/** The desktop navbar; display: none below the sm breakpoint. */
export function Sidebar({ user, pathname, onOpenSearch }: SidebarProps) {
  const t = useT();
  return (
    <AppShell.Navbar p="md" visibleFrom="sm" data-testid="sidebar" aria-label={t('shell.mainNavigation')}>
      <AppShell.Section pb="md">
        <SearchButton onOpen={onOpenSearch} />
      </AppShell.Section>
      {/* The browser's own scrolling: Mantine's ScrollArea would add some 7 KB to the first load (decision 044). */}
      <AppShell.Section grow style={{ overflowY: 'auto', minHeight: 0 }}>
        <Stack gap="lg">
          <NavGroup label={t('shell.groups.main')} items={MAIN_NAV} pathname={pathname} />
          <NavGroup label={t('shell.groups.scheduling')} items={SCHEDULING_NAV} pathname={pathname} />
          {isAdmin(user) && <NavGroup label={t('shell.groups.admin')} items={ADMIN_NAV} pathname={pathname} />}
        </Stack>
      </AppShell.Section>
      <AppShell.Section pt="md" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
        <SidebarUserFooter user={user} />
      </AppShell.Section>
    </AppShell.Navbar>
  );
}
