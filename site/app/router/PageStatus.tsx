// What the page area shows while a page's chunk loads, and when it cannot be
// loaded (e.g. a new release replaced the file): the shell stays usable.
import { Alert, Button, Center, Loader, Stack } from '@mantine/core';
import type { ErrorComponentProps } from '@tanstack/react-router';

export function PagePending() {
  return <Center mih="40vh"><Loader aria-label="Loading page" /></Center>;
}

export function PageError({ error }: ErrorComponentProps) {
  return (
    <Stack maw={520} data-testid="page-error">
      <Alert color="red" title="This page could not be loaded">
        {error instanceof Error ? error.message : String(error)}
      </Alert>
      <Button variant="default" onClick={() => window.location.reload()}>Reload</Button>
    </Stack>
  );
}
