import { Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useT } from '#app/i18n/useT.ts';
import type { TwoFactorEnrolment } from '#domain/auth/schemas.ts';
import { useStartTwoFactorSetup } from './twoFactorMutations.ts';
import { usePasswordConfirm } from './usePasswordConfirm.ts';

/** Step 1: confirm the password to start enrolment. */
export function TwoFactorSetupForm({ onStarted }: { onStarted: (setup: TwoFactorEnrolment) => void }) {
  const t = useT();
  const start = usePasswordConfirm(useStartTwoFactorSetup(), onStarted);

  return (
    <form onSubmit={start.submit} noValidate>
      <Stack gap="sm" maw={420}>
        <Text size="sm" c="dimmed">
          {t('settings.twoFactor.isOff')}
        </Text>
        <PasswordInput
          label={t('settings.security.currentPassword')}
          autoComplete="current-password"
          {...start.field}
        />
        <div>
          <Button type="submit" loading={start.isPending}>{t('settings.twoFactor.setUp')}</Button>
        </div>
      </Stack>
    </form>
  );
}
