import { Button, Group, PasswordInput } from '@mantine/core';
import { toast } from '#app/toast/toast.ts';
import { useDisableTwoFactor } from './twoFactorMutations.ts';
import { usePasswordConfirm } from './usePasswordConfirm.ts';

/** Recruiters may turn two-factor off again with their password. */
export function TwoFactorDisableForm() {
  const disable = usePasswordConfirm(useDisableTwoFactor(), () => toast({ title: 'Two-factor disabled', variant: 'success' }));

  return (
    <form onSubmit={disable.submit} noValidate>
      <Group align="flex-end" gap="sm">
        <PasswordInput
          label="Password to disable"
          autoComplete="current-password"
          {...disable.field}
          w={260}
        />
        <Button type="submit" color="red" variant="light" loading={disable.isPending}>Disable</Button>
      </Group>
    </form>
  );
}
