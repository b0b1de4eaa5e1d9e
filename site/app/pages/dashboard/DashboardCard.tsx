// A titled dashboard section: a card with an h2 and an optional link to the
// full list behind it.
import { Anchor, Card, Group, Stack, Text, Title, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';
import { appLinkProps } from '#app/router/Link.tsx';

export function DashboardCard({ id, title, link, children }: {
  id: string;
  title: string;
  link?: { href: string; label: string };
  children: ReactNode;
}) {
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={`${id}-title`} data-testid={id}>
      <Stack gap="sm">
        <Group justify="space-between" align="baseline" gap="xs">
          <Title order={2} size="h4" id={`${id}-title`}>{title}</Title>
          {link && <Anchor size="sm" {...appLinkProps(link.href)}>{link.label}</Anchor>}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}

/** A card's list, or the line that says why it is empty. */
export function CardList<T>({ items, empty, ordered = false, gap = 'sm', children }: {
  items: T[];
  empty: string;
  ordered?: boolean;
  gap?: MantineSpacing | number;
  children: (item: T) => ReactNode;
}) {
  if (items.length === 0) return <Text size="sm" c="dimmed">{empty}</Text>;
  return (
    <Stack gap={gap} component={ordered ? 'ol' : 'ul'} m={0} p={0} style={{ listStyle: 'none' }}>
      {items.map(children)}
    </Stack>
  );
}
