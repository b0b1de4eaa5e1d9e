import { Button, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useCurrentUser } from '#app/session/CurrentUser.tsx';
import { useAdminUsers, useUpdateUser } from './adminQueries.ts';
import { NewUserModal } from './NewUserModal.tsx';
import { QueryState } from './QueryState.tsx';
import { UserRow } from './UserRow.tsx';

export function UsersTab() {
  const me = useCurrentUser();
  const users = useAdminUsers();
  const updateUser = useUpdateUser();
  const [newUserOpened, newUser] = useDisclosure(false);
  const list = users.data?.users ?? [];

  return (
    <QueryState isPending={users.isPending} error={users.error}>
      <Group justify="space-between" mb="md">
        <Text c="dimmed" size="sm">{list.length} {list.length === 1 ? 'user' : 'users'}</Text>
        <Button onClick={newUser.open}>New user</Button>
      </Group>
      <Table.ScrollContainer minWidth={760}>
        <Table striped highlightOnHover verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>User</Table.Th>
              <Table.Th>Email</Table.Th>
              <Table.Th>Role</Table.Th>
              <Table.Th>Two-factor</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Created</Table.Th>
              <Table.Th><VisuallyHidden>Actions</VisuallyHidden></Table.Th>
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
