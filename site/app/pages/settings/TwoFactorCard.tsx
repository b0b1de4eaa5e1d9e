import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { SessionUser, TwoFactorEnrolment as Enrolment } from '#domain/auth/schemas.ts';
import { isAdmin } from '#app/session/CurrentUser.tsx';
import { TwoFactorDisableForm } from './TwoFactorDisableForm.tsx';
import { TwoFactorEnrolment } from './TwoFactorEnrolment.tsx';
import { TwoFactorSetupForm } from './TwoFactorSetupForm.tsx';

export function TwoFactorCard({ user }: { user: SessionUser }) {
  const [setup, setSetup] = useState<Enrolment | null>(null);
  const enabled = user.twoFactorEnabled;

  return (
    <Card withBorder padding="lg" data-testid="two-factor-card">
      <Group justify="space-between" mb="md">
        <Title order={2} size="h3">Two-factor authentication</Title>
        <Badge color={enabled ? 'green' : 'gray'} variant="light">{enabled ? 'On' : 'Off'}</Badge>
      </Group>
      {enabled ? (
        <Stack gap="sm">
          <Text>Two-factor authentication is on</Text>
          {isAdmin(user)
            ? <Text size="sm" c="dimmed">Administrators must keep two-factor authentication on.</Text>
            : <TwoFactorDisableForm />}
        </Stack>
      ) : setup ? (
        <TwoFactorEnrolment setup={setup} onCancel={() => setSetup(null)} />
      ) : (
        <TwoFactorSetupForm onStarted={setSetup} />
      )}
    </Card>
  );
}
