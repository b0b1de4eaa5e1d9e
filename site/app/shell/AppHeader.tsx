import { ActionIcon, AppShell, Group, Text } from '@mantine/core';
import { openCommandPalette } from '../palette/paletteStore.ts';
import { Link } from '../router/Link.tsx';
import { SearchIcon } from './icons.tsx';

export function AppHeader() {
  return (
    <AppShell.Header px="md">
      <Group h="100%" justify="space-between">
        <Text component={Link} to="/app" fw={800} size="lg" c="indigo" style={{ textDecoration: 'none' }}>
          Talentloop
        </Text>
        {/* On phones the sidebar (and its search button) is hidden: search lives here. */}
        <ActionIcon variant="subtle" size="lg" aria-label="Open search" hiddenFrom="sm" onClick={openCommandPalette}
          data-testid="header-search-button">
          <SearchIcon size={20} />
        </ActionIcon>
      </Group>
    </AppShell.Header>
  );
}
