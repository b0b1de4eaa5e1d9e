import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { SessionUser, TwoFactorEnrolment as Enrolment } from '#domain/auth/schemas.ts';
import { useT } from '#app/i18n/useT.ts';
import { isAdmin } from '#app/session/CurrentUser.tsx';
import { TwoFactorDisableForm } from './TwoFactorDisableForm.tsx';
import { TwoFactorEnrolment } from './TwoFactorEnrolment.tsx';
import { TwoFactorSetupForm } from './TwoFactorSetupForm.tsx';

export function TwoFactorCard({ user }: { user: SessionUser }) {
  const t = useT();
  const [setup, setSetup] = useState<Enrolment | null>(null);
  const enabled = user.twoFactorEnabled;

  return (
    <Card withBorder padding="lg" data-testid="two-factor-card">
      <Group justify="space-between" mb="md">
        <Title order={2} size="h3">{t('settings.twoFactor.title')}</Title>
        <Badge color={enabled ? 'green' : 'gray'} variant="light">{enabled ? t('settings.twoFactor.on') : t('settings.twoFactor.off')}</Badge>
      </Group>
      {enabled ? (
        <Stack gap="sm">
          <Text>{t('settings.twoFactor.isOn')}</Text>
          {isAdmin(user)
            ? <Text size="sm" c="dimmed">{t('settings.twoFactor.adminsKeep')}</Text>
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
