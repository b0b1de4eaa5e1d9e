// What the page area shows while a page's chunk loads, and when it cannot be
// loaded (e.g. a new release replaced the file): the shell stays usable.
import { Alert, Button, Center, Loader, Stack } from '@mantine/core';
import { useT } from '../i18n/useT.ts';
import { errorText } from '../api/ApiError.ts';

export function PagePending() {
  const t = useT();
  return <Center mih="40vh"><Loader aria-label={t('pages.loadingPage')} /></Center>;
}

export function PageError({ error }: { error: unknown }) {
  const t = useT();
  return (
    <Stack maw={520} data-testid="page-error">
      <Alert color="red" title={t('pages.pageError')}>
        {error instanceof Error ? errorText(error) : String(error)}
      </Alert>
      <Button variant="default" onClick={() => window.location.reload()}>{t('pages.reload')}</Button>
    </Stack>
  );
}
