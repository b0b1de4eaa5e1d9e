import { Alert, Button, Center, Stack } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { TWO_FACTOR_MESSAGE } from '../api/apiClient.ts';
import { errorText } from '../api/ApiError.ts';
import { useT } from '../i18n/useT.ts';
import { replaceLocation } from '../lib/browserNavigation.ts';
import { CurrentUserProvider } from './CurrentUser.tsx';
import { FullPageLoader } from './FullPageLoader.tsx';
import { useSession } from './useSession.ts';

export function loginUrl(pathname: string, search: string): string {
  return '/login?next=' + encodeURIComponent(pathname + search);
}

/** Renders children (the router) only for a signed-in user; otherwise a spinner or /login. */
export function SessionGate({ children }: { children: ReactNode }) {
  const t = useT();
  const { data: user, isPending, error, refetch, isFetching } = useSession();
  const signedOut = !isPending && !error && !user;

  useEffect(() => {
    // The gate wraps the router: the address bar holds the page asked for.
    if (signedOut) replaceLocation(loginUrl(window.location.pathname, window.location.search));
  }, [signedOut]);

  // The API client is already redirecting to /verify-2fa for this one.
  const awaitingTwoFactor = error instanceof Error && error.message === TWO_FACTOR_MESSAGE;
  if (isPending || signedOut || awaitingTwoFactor) return <FullPageLoader />;

  if (error || !user) {
    return (
      <Center h="100dvh" p="md">
        <Stack maw={420}>
          <Alert color="red" title={t('pages.sessionFailed')}>
            {errorText(error)}
          </Alert>
          <Button onClick={() => void refetch()} loading={isFetching}>{t('pages.tryAgain')}</Button>
        </Stack>
      </Center>
    );
  }

  return <CurrentUserProvider user={user}>{children}</CurrentUserProvider>;
}
