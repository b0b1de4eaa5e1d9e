import { Button, PasswordInput, Stack, Text } from '@mantine/core';
import type { TwoFactorEnrolment } from '#domain/auth/schemas.ts';
import { useStartTwoFactorSetup } from './twoFactorMutations.ts';
import { usePasswordConfirm } from './usePasswordConfirm.ts';

/** Step 1: confirm the password to start enrolment. */
export function TwoFactorSetupForm({ onStarted }: { onStarted: (setup: TwoFactorEnrolment) => void }) {
  const start = usePasswordConfirm(useStartTwoFactorSetup(), onStarted);

  return (
    <form onSubmit={start.submit} noValidate>
      <Stack gap="sm" maw={420}>
        <Text size="sm" c="dimmed">
          Two-factor authentication is off. Protect your account with a code from an authenticator app.
        </Text>
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          {...start.field}
        />
        <div>
          <Button type="submit" loading={start.isPending}>Set up two-factor</Button>
        </div>
      </Stack>
    </form>
  );
}
