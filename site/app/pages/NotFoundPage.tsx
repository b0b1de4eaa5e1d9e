import { Button, Stack, Text, Title } from '@mantine/core';
import { appLinkProps } from '../router/Link.tsx';
import { useDocumentTitle } from '../router/useDocumentTitle.ts';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <Stack align="flex-start" gap="sm" data-testid="not-found">
      <Title order={1}>Page not found</Title>
      <Text c="dimmed">The page you are looking for does not exist or has moved.</Text>
      <Button component="a" {...appLinkProps('/app')}>Back to Dashboard</Button>
    </Stack>
  );
}
