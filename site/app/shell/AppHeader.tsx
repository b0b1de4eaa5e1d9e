import { ActionIcon, AppShell, Group, Text } from '@mantine/core';
import { useLocation } from '@tanstack/react-router';
import { openCommandPalette } from '../palette/paletteStore.ts';
import { useT } from '../i18n/useT.ts';
import { useCurrentUser } from '../session/CurrentUser.tsx';
import { Link } from '../router/Link.tsx';
import { SearchIcon } from './icons.tsx';
import { SchedulingMenu } from './SchedulingMenu.tsx';
import { UserMenu } from './UserMenu.tsx';

export function AppHeader() {
  const pathname = useLocation({ select: (location) => location.pathname });
  const user = useCurrentUser();
  const t = useT();
  return (
    <AppShell.Header px="md">
      <Group h="100%" justify="space-between">
        <Text component={Link} to="/app" fw={800} size="lg" c="indigo" style={{ textDecoration: 'none' }}>
          Talentloop
        </Text>
        {/* On phones the sidebar (its search button and user footer) is hidden: search, scheduling and the user menu live here. */}
        <Group gap={4} hiddenFrom="sm">
          <SchedulingMenu pathname={pathname} />
          <ActionIcon variant="subtle" size="lg" aria-label={t('shell.openSearch')} onClick={openCommandPalette}
            data-testid="header-search-button">
            <SearchIcon size={20} />
          </ActionIcon>
          <UserMenu user={user} />
        </Group>
      </Group>
    </AppShell.Header>
  );
}
