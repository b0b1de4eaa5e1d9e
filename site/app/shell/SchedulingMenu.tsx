// Phones have no sidebar and the bottom bar keeps the spec's 4 items, so the
// Scheduling group (Meetings, Meeting booking) opens from the header instead.
import { ActionIcon, Menu } from '@mantine/core';
import { useT } from '../i18n/useT.ts';
import { appLinkProps } from '../router/Link.tsx';
import { CalendarIcon } from './icons.tsx';
import { isActive, SCHEDULING_NAV } from './navItems.ts';

export function SchedulingMenu({ pathname }: { pathname: string }) {
  const t = useT();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" size="lg" aria-label={t('shell.groups.scheduling')} data-testid="header-scheduling-button">
          <CalendarIcon size={20} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('shell.groups.scheduling')}</Menu.Label>
        {SCHEDULING_NAV.map((item) => {
          const Icon = item.icon;
          const active = isActive(item, pathname);
          return (
            <Menu.Item key={item.href} component="a" {...appLinkProps(item.href)} leftSection={<Icon size={16} />}
              aria-current={active ? 'page' : undefined} fw={active ? 600 : undefined}>
              {t(`shell.nav.${item.label}`)}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
