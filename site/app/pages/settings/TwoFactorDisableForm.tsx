import { Button, Group, PasswordInput } from '@mantine/core';
import { useT } from '#app/i18n/useT.ts';
import { toast } from '#app/toast/toast.ts';
import { useDisableTwoFactor } from './twoFactorMutations.ts';
import { usePasswordConfirm } from './usePasswordConfirm.ts';

/** Recruiters may turn two-factor off again with their password. */
export function TwoFactorDisableForm() {
  const t = useT();
  const disable = usePasswordConfirm(useDisableTwoFactor(), () => toast({ title: t('settings.twoFactor.disabled'), variant: 'success' }));

  return (
    <form onSubmit={disable.submit} noValidate>
      <Group align="flex-end" gap="sm">
        <PasswordInput
          label={t('settings.twoFactor.passwordToDisable')}
          autoComplete="current-password"
          {...disable.field}
          w={260}
        />
        <Button type="submit" color="red" variant="light" loading={disable.isPending}>{t('settings.twoFactor.disable')}</Button>
      </Group>
    </form>
  );
}
