import { Button, Stack, Text, Title } from '@mantine/core';
import { linkClickHandler } from '../router/Link.tsx';

export function NotFoundPage() {
  return (
    <Stack align="flex-start" gap="sm" data-testid="not-found">
      <Title order={1}>Page not found</Title>
      <Text c="dimmed">The page you are looking for does not exist or has moved.</Text>
      <Button component="a" href="/app" onClick={linkClickHandler('/app')}>Back to Dashboard</Button>
    </Stack>
  );
}
