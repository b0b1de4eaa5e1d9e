import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useDocumentTitle } from '#app/router/useDocumentTitle.ts';
import { ShieldIcon } from '#app/shell/icons.tsx';

export const ACCESS_DENIED_REDIRECT_MS = 3000;

export function AccessDenied() {
  const navigate = useNavigate();
  useDocumentTitle('Access Denied');
  useEffect(() => {
    const timer = setTimeout(() => void navigate({ to: '/app', replace: true }), ACCESS_DENIED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);

  return (
    <Center mih="60vh">
      <Stack align="center" gap="sm" maw={460} ta="center" data-testid="access-denied">
        <ShieldIcon size={40} color="var(--mantine-color-red-6)" />
        <Title order={1}>Access Denied</Title>
        <Text c="dimmed">You don't have permission to access this page. Admin privileges are required.</Text>
        <Button onClick={() => void navigate({ to: '/app' })}>Back to Dashboard</Button>
      </Stack>
    </Center>
  );
}
