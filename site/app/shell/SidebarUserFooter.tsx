import { Avatar, Button, Group, Stack, Text } from '@mantine/core';
import type { SessionUser } from '#domain/auth/schemas.ts';
import { useT } from '../i18n/useT.ts';
import { useSignOut } from '../session/useSignOut.ts';
import { LogOutIcon } from './icons.tsx';
import { initials } from './initials.ts';

export function SidebarUserFooter({ user }: { user: SessionUser }) {
  const t = useT();
  const { signOut, isPending } = useSignOut();
  return (
    <Stack gap="sm">
      <Group gap="sm" wrap="nowrap">
        <Avatar color="indigo" radius="xl" size="md">{initials(user.displayName || user.username)}</Avatar>
        <div style={{ minWidth: 0 }}>
          <Text size="sm" fw={600} truncate data-testid="sidebar-username">{user.username}</Text>
          <Text size="xs" c="dimmed" tt="capitalize" data-testid="sidebar-role">{t(`shell.roles.${user.role}`)}</Text>
        </div>
      </Group>
      <Button
        variant="default"
        fullWidth
        leftSection={<LogOutIcon size={16} />}
        onClick={() => void signOut()}
        loading={isPending}
        data-testid="sign-out"
      >
        {t('shell.signOut')}
      </Button>
    </Stack>
  );
}
