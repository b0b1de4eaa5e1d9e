import { Button, Stack, Text, Title } from '@mantine/core';
import { useT } from '../i18n/useT.ts';
import { appLinkProps } from '../router/Link.tsx';
import { useDocumentTitle } from '../router/useDocumentTitle.ts';

export function NotFoundPage() {
  const t = useT();
  useDocumentTitle(t('pages.notFound.title'));
  return (
    <Stack align="flex-start" gap="sm" data-testid="not-found">
      <Title order={1}>{t('pages.notFound.title')}</Title>
      <Text c="dimmed">{t('pages.notFound.text')}</Text>
      <Button component="a" {...appLinkProps('/app')}>{t('pages.notFound.back')}</Button>
    </Stack>
  );
}
