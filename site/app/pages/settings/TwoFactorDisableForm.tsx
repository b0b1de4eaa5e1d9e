import { Button, Group, PasswordInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { errorText } from '#app/api/ApiError.ts';
import { toast } from '#app/toast/toast.ts';
import { useDisableTwoFactor } from './twoFactorMutations.ts';

/** Recruiters may turn two-factor off again with their password. */
export function TwoFactorDisableForm() {
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const disable = useDisableTwoFactor();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setFieldError('Enter your password');
      return;
    }
    setFieldError(null);
    disable.mutate(password, {
      onSuccess: () => toast({ title: 'Two-factor disabled', variant: 'success' }),
      onError: (error) => setFieldError(errorText(error)),
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-end" gap="sm">
        <PasswordInput
          label="Password to disable"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={fieldError}
          w={260}
        />
        <Button type="submit" color="red" variant="light" loading={disable.isPending}>Disable</Button>
      </Group>
    </form>
  );
}
