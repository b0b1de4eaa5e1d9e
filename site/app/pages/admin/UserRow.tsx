import { Badge, Button, Select, Table, Text } from '@mantine/core';
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

export function UserRow({ user, isSelf, busy, onChange }: UserRowProps) {
  const t = useT();
  return (
    <Table.Tr data-testid={`user-row-${user.username}`}>
      <Table.Td>
        <Text size="sm" fw={600}>{user.username}</Text>
        <Text size="xs" c="dimmed">{user.displayName}</Text>
      </Table.Td>
      <Table.Td>{user.email}</Table.Td>
      <Table.Td miw={140}>
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
      </Table.Td>
      <Table.Td>
        <Badge color={user.twoFactorEnabled ? 'green' : 'gray'} variant="light">
          {user.twoFactorEnabled ? t('admin.users.on') : t('admin.users.off')}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Badge color={user.banned ? 'red' : 'green'} variant="light">{user.banned ? t('admin.users.banned') : t('admin.users.active')}</Badge>
      </Table.Td>
      <Table.Td>{formatDateTime(user.createdAt)}</Table.Td>
      <Table.Td>
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
      </Table.Td>
    </Table.Tr>
  );
}
