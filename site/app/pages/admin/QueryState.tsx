import { Alert, Center, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { ApiError, errorText } from '#app/api/ApiError.ts';
import { useT } from '#app/i18n/useT.ts';
import { TwoFactorRequiredAlert } from './TwoFactorRequiredAlert.tsx';

export function isTwoFactorRequired(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.code === 'two_factor_required';
}

interface QueryStateProps {
  isPending: boolean;
  error: unknown;
  children: ReactNode;
}

/** Spinner, the 2FA alert or an error alert, else the children. */
export function QueryState({ isPending, error, children }: QueryStateProps) {
  const t = useT();
  if (error) {
    if (isTwoFactorRequired(error)) return <TwoFactorRequiredAlert />;
    return <Alert color="red" title={t('admin.loadFailed')}>{errorText(error)}</Alert>;
  }
  if (isPending) {
    return <Center py="xl"><Loader aria-label={t('admin.loading')} /></Center>;
  }
  return <>{children}</>;
}
