import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { navigate } from '#app/router/history.ts';
import { ShieldIcon } from '#app/shell/icons.tsx';

export const ACCESS_DENIED_REDIRECT_MS = 3000;

export function AccessDenied() {
  useEffect(() => {
    const timer = setTimeout(() => navigate('/app', { replace: true }), ACCESS_DENIED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, []);

  return (
    <Center mih="60vh">
      <Stack align="center" gap="sm" maw={460} ta="center" data-testid="access-denied">
        <ShieldIcon size={40} color="var(--mantine-color-red-6)" />
        <Title order={1}>Access Denied</Title>
        <Text c="dimmed">You don't have permission to access this page. Admin privileges are required.</Text>
        <Button onClick={() => navigate('/app')}>Back to Dashboard</Button>
      </Stack>
    </Center>
  );
}
