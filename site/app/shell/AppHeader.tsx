import { AppShell, Group, Text } from '@mantine/core';
import { Link } from '../router/Link.tsx';

export function AppHeader() {
  return (
    <AppShell.Header px="md">
      <Group h="100%" justify="space-between">
        <Text component={Link} to="/app" fw={800} size="lg" c="indigo" style={{ textDecoration: 'none' }}>
          Talentloop
        </Text>
      </Group>
    </AppShell.Header>
  );
}
