import { Button, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useT } from '#app/i18n/useT.ts';
import type { UserSummary, UserUpdate } from '#domain/auth/schemas.ts';
import { useCurrentUser } from '#app/session/CurrentUser.tsx';
import { useAdminUsers, useUpdateUser } from './adminQueries.ts';
import { NewUserModal } from './NewUserModal.tsx';
import { QueryState } from './QueryState.tsx';
import { UserCard, UserRow } from './UserRow.tsx';
import { usePhone } from '#app/lib/usePhone.ts';

export function UsersTab() {
  const t = useT();
  const me = useCurrentUser();
  const users = useAdminUsers();
  const updateUser = useUpdateUser();
  const [newUserOpened, newUser] = useDisclosure(false);
  const phone = usePhone();
  const rowProps = (user: UserSummary) => ({
    user,
    isSelf: user.id === me.id,
    busy: updateUser.isPending && updateUser.variables?.id === user.id,
    onChange: (changes: UserUpdate) => updateUser.mutate({ id: user.id, changes }),
  });
  const list = users.data?.users ?? [];

  return (
    <QueryState isPending={users.isPending} error={users.error}>
      <Group justify="space-between" mb="md">
        <Text c="dimmed" size="sm">{t(list.length === 1 ? 'admin.users.countOne' : 'admin.users.countOther', { number: list.length })}</Text>
        <Button onClick={newUser.open}>{t('admin.users.newUser')}</Button>
      </Group>
      {phone ? <Stack gap="xs">{list.map((user) => <UserCard key={user.id} {...rowProps(user)} />)}</Stack> : (
        <Table.ScrollContainer minWidth={760}>
          <Table striped highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('admin.users.user')}</Table.Th>
                <Table.Th>{t('admin.users.email')}</Table.Th>
                <Table.Th>{t('admin.users.role')}</Table.Th>
                <Table.Th>{t('admin.users.twoFactor')}</Table.Th>
                <Table.Th>{t('admin.users.status')}</Table.Th>
                <Table.Th>{t('admin.users.created')}</Table.Th>
                <Table.Th><VisuallyHidden>{t('admin.actions')}</VisuallyHidden></Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>{list.map((user) => <UserRow key={user.id} {...rowProps(user)} />)}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <NewUserModal opened={newUserOpened} onClose={newUser.close} />
    </QueryState>
  );
}
