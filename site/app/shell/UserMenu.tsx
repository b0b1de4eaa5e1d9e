// Phones have no sidebar, so its footer (username, role, Sign Out) and the Admin
// Portal link open from the header's avatar, where phone users look for them.
import { Avatar, Menu, Text, UnstyledButton } from '@mantine/core';
import type { SessionUser } from '#domain/auth/schemas.ts';
import { isAdmin } from '../session/CurrentUser.tsx';
import { useSignOut } from '../session/useSignOut.ts';
import { appLinkProps } from '../router/Link.tsx';
import { LogOutIcon, SettingsIcon, ShieldIcon } from './icons.tsx';
import { initials } from './initials.ts';

export function UserMenu({ user }: { user: SessionUser }) {
  const { signOut, isPending } = useSignOut();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={`Account: ${user.username}`} data-testid="header-user-menu" style={{ borderRadius: '50%' }}>
          <Avatar color="indigo" radius="xl" size={34}>{initials(user.displayName || user.username)}</Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown miw={220}>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate data-testid="header-username">{user.username}</Text>
          <Text size="xs" tt="capitalize" data-testid="header-role">{user.role}</Text>
        </Menu.Label>
        <Menu.Item component="a" {...appLinkProps('/app/settings')} leftSection={<SettingsIcon size={16} />}>Settings</Menu.Item>
        {isAdmin(user) && (
          <Menu.Item component="a" {...appLinkProps('/app/admin')} leftSection={<ShieldIcon size={16} />}>Admin Portal</Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item leftSection={<LogOutIcon size={16} />} disabled={isPending} onClick={() => void signOut()} data-testid="header-sign-out">
          Sign Out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
