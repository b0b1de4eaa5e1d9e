// Phones have no sidebar, so its footer (username, role, Sign Out) and the Admin
// Portal link open from the header's avatar, where phone users look for them.
import { Avatar, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { SessionUser } from '#domain/auth/schemas.ts';
import { isAdmin } from '../session/CurrentUser.tsx';
import { useT } from '../i18n/useT.ts';
import { useSignOut } from '../session/useSignOut.ts';
import { appLinkProps } from '../router/Link.tsx';
import { LogOutIcon, SettingsIcon, ShieldIcon } from './icons.tsx';
import { initials } from './initials.ts';

export function UserMenu({ user }: { user: SessionUser }) {
  const t = useT();
  const { signOut, isPending } = useSignOut();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        {/* Named by hidden text, not aria-label: a label must contain what is seen (axe label-content-name-mismatch), and the initials say little. */}
        <UnstyledButton data-testid="header-user-menu" style={{ borderRadius: '50%' }}>
          <Avatar color="indigo" radius="xl" size={34} aria-hidden="true">{initials(user.displayName || user.username)}</Avatar>
          <VisuallyHidden>{t('shell.account', { username: user.username })}</VisuallyHidden>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown miw={220}>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate data-testid="header-username">{user.username}</Text>
          <Text size="xs" tt="capitalize" data-testid="header-role">{t(`shell.roles.${user.role}`)}</Text>
        </Menu.Label>
        <Menu.Item component="a" {...appLinkProps('/app/settings')} leftSection={<SettingsIcon size={16} />}>{t('shell.nav.settings')}</Menu.Item>
        {isAdmin(user) && (
          <Menu.Item component="a" {...appLinkProps('/app/admin')} leftSection={<ShieldIcon size={16} />}>{t('shell.nav.adminPortal')}</Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item leftSection={<LogOutIcon size={16} />} disabled={isPending} onClick={() => void signOut()} data-testid="header-sign-out">
          {t('shell.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
