import { AppShell, UnstyledButton, Text } from '@mantine/core';
import { useT } from '../i18n/useT.ts';
import { appLinkProps } from '../router/Link.tsx';
import { BOTTOM_BAR_NAV, isActive } from './navItems.ts';
import classes from './MobileBottomBar.module.css';

/** Fixed bottom bar with 4 items; display: none from the sm breakpoint up. */
export function MobileBottomBar({ pathname }: { pathname: string }) {
  const t = useT();
  return (
    <AppShell.Footer hiddenFrom="sm" data-testid="mobile-bottom-bar">
      <nav aria-label={t('shell.mobileNavigation')} className={classes.bar}>
        {BOTTOM_BAR_NAV.map((item) => {
          const active = isActive(item, pathname);
          const Icon = item.icon;
          return (
            <UnstyledButton
              key={item.href}
              component="a"
              {...appLinkProps(item.href)}
              className={classes.item}
              data-active={active || undefined}
              aria-current={active ? 'page' : undefined}
            >
              <Icon size={20} />
              <Text span size="xs" className={classes.label}>{t(`shell.nav.${item.label}`)}</Text>
            </UnstyledButton>
          );
        })}
      </nav>
    </AppShell.Footer>
  );
}
