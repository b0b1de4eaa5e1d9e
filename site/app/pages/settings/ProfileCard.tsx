import { Badge, Card, SimpleGrid, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { SessionUser } from '#domain/auth/schemas.ts';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>{label}</Text>
      <Text>{children}</Text>
    </div>
  );
}

export function ProfileCard({ user }: { user: SessionUser }) {
  return (
    <Card withBorder padding="lg" data-testid="profile-card">
      <Title order={2} size="h3" mb="md">Profile</Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Field label="Username">{user.username}</Field>
        <Field label="Display name">{user.displayName || '—'}</Field>
        <Field label="Email">{user.email || '—'}</Field>
        <Field label="Role">
          <Badge variant="light" tt="capitalize" component="span">{user.role}</Badge>
        </Field>
      </SimpleGrid>
    </Card>
  );
}
