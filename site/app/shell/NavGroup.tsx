import { NavLink, Stack, Text } from '@mantine/core';
import { useT } from '../i18n/useT.ts';
import { appLinkProps } from '../router/Link.tsx';
import { isActive, type NavItem } from './navItems.ts';

export function NavGroup({ label, items, pathname }: { label: string; items: NavItem[]; pathname: string }) {
  const t = useT();
  return (
    <Stack gap={2} component="section" aria-label={label}>
      <Text size="xs" fw={600} c="dimmed" tt="uppercase" px="sm" pb={4}>{label}</Text>
      {items.map((item) => {
        const active = isActive(item, pathname);
        const Icon = item.icon;
        return (
          <NavLink
            key={item.href}
            component="a"
            {...appLinkProps(item.href)}
            label={t(`shell.nav.${item.label}`)}
            leftSection={<Icon />}
            active={active}
            aria-current={active ? 'page' : undefined}
            variant="light"
          />
        );
      })}
    </Stack>
  );
}
