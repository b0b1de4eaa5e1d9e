import { Button, Card, Divider, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { SessionUser } from '#domain/auth/schemas.ts';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';
import { RegenerateBackupCodes } from './RegenerateBackupCodes.tsx';
import { SessionsList } from './SessionsList.tsx';

/** Password, active sessions and (with two-factor on) new backup codes. */
export function SecurityCard({ user }: { user: SessionUser }) {
  const [changingPassword, setChangingPassword] = useState(false);
  return (
    <Card withBorder padding="lg" data-testid="security-card">
      <Title order={2} size="h3" mb="md">Security</Title>
      <Stack gap="lg">
        <Stack gap="xs" component="section" aria-labelledby="security-password">
          <Title order={3} size="h4" id="security-password">Password</Title>
          {changingPassword
            ? <ChangePasswordForm onDone={() => setChangingPassword(false)} />
            : (
              <div>
                <Button variant="default" onClick={() => setChangingPassword(true)}>Change password</Button>
              </div>
            )}
        </Stack>
        <Divider />
        <Stack gap="xs" component="section" aria-labelledby="security-sessions">
          <Title order={3} size="h4" id="security-sessions">Active sessions</Title>
          <Text size="sm" c="dimmed">Where you are signed in. Sign out any session you do not recognise.</Text>
          <SessionsList />
        </Stack>
        {user.twoFactorEnabled && (
          <>
            <Divider />
            <Stack gap="xs" component="section" aria-labelledby="security-backup-codes">
              <Title order={3} size="h4" id="security-backup-codes">Backup codes</Title>
              <Text size="sm" c="dimmed">Each backup code signs you in once if you lose your authenticator.</Text>
              <RegenerateBackupCodes />
            </Stack>
          </>
        )}
      </Stack>
    </Card>
  );
}
