import { Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { errorText } from '#app/api/ApiError.ts';
import type { TwoFactorEnrolment } from '#domain/auth/schemas.ts';
import { useStartTwoFactorSetup } from './twoFactorMutations.ts';

/** Step 1: confirm the password to start enrolment. */
export function TwoFactorSetupForm({ onStarted }: { onStarted: (setup: TwoFactorEnrolment) => void }) {
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const start = useStartTwoFactorSetup();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setFieldError('Enter your password');
      return;
    }
    setFieldError(null);
    start.mutate(password, {
      onSuccess: (setup) => {
        setPassword('');
        onStarted(setup);
      },
      onError: (error) => setFieldError(errorText(error)),
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm" maw={420}>
        <Text size="sm" c="dimmed">
          Two-factor authentication is off. Protect your account with a code from an authenticator app.
        </Text>
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={fieldError}
        />
        <div>
          <Button type="submit" loading={start.isPending}>Set up two-factor</Button>
        </div>
      </Stack>
    </form>
  );
}
