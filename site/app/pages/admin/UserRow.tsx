import { Badge, Button, Card, Group, Select, Stack, Table, Text } from '@mantine/core';
import type { UserSummary, UserUpdate } from '#domain/auth/schemas.ts';
import { formatDateTime } from '#app/lib/formatDate.ts';
import { useT } from '#app/i18n/useT.ts';
import { roleOptions } from './NewUserModal.tsx';

interface UserRowProps {
  user: UserSummary;
  isSelf: boolean;
  busy: boolean;
  onChange: (changes: UserUpdate) => void;
}

/** The role the Select picked, when it is one of ours. */
const roleOf = (value: string | null) => (value === 'admin' || value === 'recruiter' ? value : undefined);

function RoleSelect({ user, isSelf, busy, onChange }: UserRowProps) {
  const t = useT();
  return (
    <Select
      aria-label={t('admin.users.roleOf', { username: user.username })}
      data={roleOptions(t)}
      value={user.role}
      allowDeselect={false}
      disabled={isSelf || busy}
      size="xs"
      onChange={(value) => {
        const role = roleOf(value);
        if (role && role !== user.role) onChange({ role });
      }}
    />
  );
}

function TwoFactorBadge({ user }: { user: UserSummary }) {
  const t = useT();
  return (
    <Badge color={user.twoFactorEnabled ? 'green' : 'gray'} variant="light">
      {user.twoFactorEnabled ? t('admin.users.on') : t('admin.users.off')}
    </Badge>
  );
}

function StatusBadge({ user }: { user: UserSummary }) {
  const t = useT();
  return <Badge color={user.banned ? 'red' : 'green'} variant="light">{user.banned ? t('admin.users.banned') : t('admin.users.active')}</Badge>;
}

function BanButton({ user, isSelf, busy, onChange }: UserRowProps) {
  const t = useT();
  return (
    <Button
      size="xs"
      variant={user.banned ? 'light' : 'subtle'}
      color={user.banned ? 'green' : 'red'}
      disabled={isSelf || busy}
      onClick={() => onChange({ banned: !user.banned })}
      aria-label={t(user.banned ? 'admin.users.unbanLabel' : 'admin.users.banLabel', { username: user.username })}
    >
      {user.banned ? t('admin.users.unban') : t('admin.users.ban')}
    </Button>
  );
}

function Who({ user }: { user: UserSummary }) {
  return (
    <div>
      <Text size="sm" fw={600}>{user.username}</Text>
      <Text size="xs" c="dimmed">{user.displayName}</Text>
    </div>
  );
}

export function UserRow(props: UserRowProps) {
  const { user } = props;
  return (
    <Table.Tr data-testid={`user-row-${user.username}`}>
      <Table.Td><Who user={user} /></Table.Td>
      <Table.Td>{user.email}</Table.Td>
      <Table.Td miw={140}><RoleSelect {...props} /></Table.Td>
      <Table.Td><TwoFactorBadge user={user} /></Table.Td>
      <Table.Td><StatusBadge user={user} /></Table.Td>
      <Table.Td>{formatDateTime(user.createdAt)}</Table.Td>
      <Table.Td><BanButton {...props} /></Table.Td>
    </Table.Tr>
  );
}

/** On a phone: the same user as a card, role and actions in view. */
export function UserCard(props: UserRowProps) {
  const { user } = props;
  const t = useT();
  return (
    <Card withBorder padding="sm" data-testid={`user-row-${user.username}`}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Who user={user} />
          <Group gap={4} wrap="nowrap"><TwoFactorBadge user={user} /><StatusBadge user={user} /></Group>
        </Group>
        <Text size="xs" style={{ overflowWrap: 'anywhere' }}>{user.email}</Text>
        <Text size="xs" c="dimmed">{t('admin.users.created')}: {formatDateTime(user.createdAt)}</Text>
        <Group gap="xs" wrap="nowrap" align="center">
          <div style={{ flex: 1 }}><RoleSelect {...props} /></div>
          <BanButton {...props} />
        </Group>
      </Stack>
    </Card>
  );
}
