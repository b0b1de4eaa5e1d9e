import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useT } from '#app/i18n/useT.ts';
import { BackupCodes } from './BackupCodes.tsx';
import { useRegenerateBackupCodes } from './securityQueries.ts';
import { usePasswordConfirm } from './usePasswordConfirm.ts';

type Step = { kind: 'idle' } | { kind: 'password' } | { kind: 'codes'; codes: string[] };

/** New backup codes after the password; shown once, the old ones stop working. */
export function RegenerateBackupCodes() {
  const t = useT();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [saved, setSaved] = useState(false);
  const regenerate = usePasswordConfirm(useRegenerateBackupCodes(), ({ backupCodes }) => setStep({ kind: 'codes', codes: backupCodes }));
  const passwordInput = useRef<HTMLInputElement>(null);

  // The password step opens on the user's request: start typing right away.
  useEffect(() => {
    if (step.kind === 'password') passwordInput.current?.focus();
  }, [step.kind]);

  const close = () => {
    setStep({ kind: 'idle' });
    regenerate.reset();
    setSaved(false);
  };

  if (step.kind === 'idle') {
    return (
      <div>
        <Button variant="default" onClick={() => setStep({ kind: 'password' })}>{t('settings.security.regenerate')}</Button>
      </div>
    );
  }
  if (step.kind === 'codes') {
    return (
      <Stack gap="sm" data-testid="new-backup-codes">
        <Text size="sm">{t('settings.security.oldCodesGone')}</Text>
        <BackupCodes codes={step.codes} saved={saved} onSavedChange={setSaved} />
        <div>
          <Button onClick={close} disabled={!saved}>{t('settings.security.done')}</Button>
        </div>
      </Stack>
    );
  }
  return (
    <form onSubmit={regenerate.submit} noValidate data-testid="backup-codes-form">
      <Stack gap="sm" maw={420}>
        <Text size="sm" c="dimmed">{t('settings.security.newCodesReplace')}</Text>
        <PasswordInput
          label={t('settings.security.passwordForCodes')}
          autoComplete="current-password"
          ref={passwordInput}
          {...regenerate.field}
        />
        <Group gap="sm">
          <Button type="submit" loading={regenerate.isPending}>{t('settings.security.generate')}</Button>
          <Button variant="subtle" color="gray" onClick={close}>{t('settings.cancel')}</Button>
        </Group>
      </Stack>
    </form>
  );
}
