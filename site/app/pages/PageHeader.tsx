import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../router/useDocumentTitle.ts';

/** A page's h1 and its one-line description. */
export function PageHeader({ title, description }: { title: string; description?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <Stack gap={4} mb="lg">
      <Title order={1}>{title}</Title>
      {description && <Text c="dimmed">{description}</Text>}
    </Stack>
  );
}
