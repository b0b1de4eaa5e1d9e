// A titled block inside the candidate drawer.
import { Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function DetailSection({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Stack gap="xs" component="section" aria-label={title} data-testid={testId}>
      <Title order={3} size="h6" tt="uppercase" c="dimmed">{title}</Title>
      {children}
    </Stack>
  );
}
