import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { BackupCodes } from './BackupCodes.tsx';
import { useRegenerateBackupCodes } from './securityQueries.ts';
import { usePasswordConfirm } from './usePasswordConfirm.ts';

type Step = { kind: 'idle' } | { kind: 'password' } | { kind: 'codes'; codes: string[] };

/** New backup codes after the password; shown once, the old ones stop working. */
export function RegenerateBackupCodes() {
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
        <Button variant="default" onClick={() => setStep({ kind: 'password' })}>Regenerate backup codes</Button>
      </div>
    );
  }
  if (step.kind === 'codes') {
    return (
      <Stack gap="sm" data-testid="new-backup-codes">
        <Text size="sm">Your old backup codes no longer work.</Text>
        <BackupCodes codes={step.codes} saved={saved} onSavedChange={setSaved} />
        <div>
          <Button onClick={close} disabled={!saved}>Done</Button>
        </div>
      </Stack>
    );
  }
  return (
    <form onSubmit={regenerate.submit} noValidate data-testid="backup-codes-form">
      <Stack gap="sm" maw={420}>
        <Text size="sm" c="dimmed">New codes replace all your current backup codes.</Text>
        <PasswordInput
          label="Password to generate new codes"
          autoComplete="current-password"
          ref={passwordInput}
          {...regenerate.field}
        />
        <Group gap="sm">
          <Button type="submit" loading={regenerate.isPending}>Generate new codes</Button>
          <Button variant="subtle" color="gray" onClick={close}>Cancel</Button>
        </Group>
      </Stack>
    </form>
  );
}
