import { Button, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useT } from '#app/i18n/useT.ts';
import { useCurrentUser } from '#app/session/CurrentUser.tsx';
import { useAdminUsers, useUpdateUser } from './adminQueries.ts';
import { NewUserModal } from './NewUserModal.tsx';
import { QueryState } from './QueryState.tsx';
import { UserRow } from './UserRow.tsx';

export function UsersTab() {
  const t = useT();
  const me = useCurrentUser();
  const users = useAdminUsers();
  const updateUser = useUpdateUser();
  const [newUserOpened, newUser] = useDisclosure(false);
  const list = users.data?.users ?? [];

  return (
    <QueryState isPending={users.isPending} error={users.error}>
      <Group justify="space-between" mb="md">
        <Text c="dimmed" size="sm">{t(list.length === 1 ? 'admin.users.countOne' : 'admin.users.countOther', { number: list.length })}</Text>
        <Button onClick={newUser.open}>{t('admin.users.newUser')}</Button>
      </Group>
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
          <Table.Tbody>
            {list.map((user) => (
              <UserRow
                key={user.id}
                user={user}
                isSelf={user.id === me.id}
                busy={updateUser.isPending && updateUser.variables?.id === user.id}
                onChange={(changes) => updateUser.mutate({ id: user.id, changes })}
              />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <NewUserModal opened={newUserOpened} onClose={newUser.close} />
    </QueryState>
  );
}
