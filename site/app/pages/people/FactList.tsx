// Label/value pairs in two columns; empty values show a dash.
import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface Fact {
  label: string;
  value: ReactNode;
}

export function FactList({ facts }: { facts: Fact[] }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs" component="dl" m={0}>
      {facts.map(({ label, value }) => (
        <Stack key={label} gap={0}>
          <Text component="dt" size="xs" c="dimmed">{label}</Text>
          <Text component="dd" size="sm" m={0} data-fact={label}>
            {value === null || value === undefined || value === '' ? '—' : value}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
