import { Button, Card, Divider, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useT } from '#app/i18n/useT.ts';
import type { SessionUser } from '#domain/auth/schemas.ts';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';
import { RegenerateBackupCodes } from './RegenerateBackupCodes.tsx';
import { SessionsList } from './SessionsList.tsx';

/** Password, active sessions and (with two-factor on) new backup codes. */
export function SecurityCard({ user }: { user: SessionUser }) {
  const t = useT();
  const [changingPassword, setChangingPassword] = useState(false);
  return (
    <Card withBorder padding="lg" data-testid="security-card">
      <Title order={2} size="h3" mb="md">{t('settings.security.title')}</Title>
      <Stack gap="lg">
        <Stack gap="xs" component="section" aria-labelledby="security-password">
          <Title order={3} size="h4" id="security-password">{t('settings.security.password')}</Title>
          {changingPassword
            ? <ChangePasswordForm onDone={() => setChangingPassword(false)} />
            : (
              <div>
                <Button variant="default" onClick={() => setChangingPassword(true)}>{t('settings.security.changePassword')}</Button>
              </div>
            )}
        </Stack>
        <Divider />
        <Stack gap="xs" component="section" aria-labelledby="security-sessions">
          <Title order={3} size="h4" id="security-sessions">{t('settings.security.sessions')}</Title>
          <Text size="sm" c="dimmed">{t('settings.security.sessionsIntro')}</Text>
          <SessionsList />
        </Stack>
        {user.twoFactorEnabled && (
          <>
            <Divider />
            <Stack gap="xs" component="section" aria-labelledby="security-backup-codes">
              <Title order={3} size="h4" id="security-backup-codes">{t('settings.security.backupCodes')}</Title>
              <Text size="sm" c="dimmed">{t('settings.security.backupCodesIntro')}</Text>
              <RegenerateBackupCodes />
            </Stack>
          </>
        )}
      </Stack>
    </Card>
  );
}
