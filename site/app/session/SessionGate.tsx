import { Alert, Button, Center, Stack } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { TWO_FACTOR_MESSAGE } from '../api/apiClient.ts';
import { errorText } from '../api/ApiError.ts';
import { useT } from '../i18n/useT.ts';
import { replaceLocation } from '../lib/browserNavigation.ts';
import { CurrentUserProvider } from './CurrentUser.tsx';
import { FullPageLoader } from './FullPageLoader.tsx';
import { useRemoveStaticFrame } from '../shell/staticFrame.ts';
import { loginUrl } from './loginUrl.ts';
import { useSession } from './useSession.ts';

/** Renders children (the router) only for a signed-in user; otherwise a spinner or /login. */
export function SessionGate({ children }: { children: ReactNode }) {
  const { data: user, isPending, error, refetch, isFetching } = useSession();
  const signedOut = !isPending && !error && !user;

  useEffect(() => {
    // The gate wraps the router: the address bar holds the page asked for.
    if (signedOut) replaceLocation(loginUrl(window.location.pathname, window.location.search));
  }, [signedOut]);

  // The API client is already redirecting to /verify-2fa for this one.
  const awaitingTwoFactor = error instanceof Error && error.message === TWO_FACTOR_MESSAGE;
  if (isPending || signedOut || awaitingTwoFactor) return <FullPageLoader />;

  if (error || !user) return <SessionFailed error={error} retrying={isFetching} retry={() => void refetch()} />;

  return <CurrentUserProvider user={user}>{children}</CurrentUserProvider>;
}

function SessionFailed({ error, retrying, retry }: { error: unknown; retrying: boolean; retry: () => void }) {
  const t = useT();
  useRemoveStaticFrame();
  return (
    <Center h="100dvh" p="md">
      <Stack maw={420}>
        <Alert color="red" title={t('pages.sessionFailed')}>
          {errorText(error)}
        </Alert>
        <Button onClick={retry} loading={retrying}>{t('pages.tryAgain')}</Button>
      </Stack>
    </Center>
  );
}
