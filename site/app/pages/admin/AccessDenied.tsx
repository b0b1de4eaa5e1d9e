import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from '#app/router/RouterView.tsx';
import { useEffect } from 'react';
import { useT } from '#app/i18n/useT.ts';
import { useDocumentTitle } from '#app/router/useDocumentTitle.ts';
import { ShieldIcon } from '#app/shell/icons.tsx';

export const ACCESS_DENIED_REDIRECT_MS = 3000;

export function AccessDenied() {
  const t = useT();
  const navigate = useNavigate();
  useDocumentTitle(t('admin.accessDenied.title'));
  useEffect(() => {
    const timer = setTimeout(() => void navigate({ to: '/app', replace: true }), ACCESS_DENIED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);

  return (
    <Center mih="60vh">
      <Stack align="center" gap="sm" maw={460} ta="center" data-testid="access-denied">
        <ShieldIcon size={40} color="var(--mantine-color-red-6)" />
        <Title order={1}>{t('admin.accessDenied.title')}</Title>
        <Text c="dimmed">{t('admin.accessDenied.body')}</Text>
        <Button onClick={() => void navigate({ to: '/app' })}>{t('admin.accessDenied.back')}</Button>
      </Stack>
    </Center>
  );
}
