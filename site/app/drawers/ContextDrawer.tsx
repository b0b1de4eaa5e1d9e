// The side panel of spec §2: title, optional description, body, optional footer.
// Side defaults to right; sizes sm, md, lg, xl (default lg). The footer stays in view while the body scrolls.
import { Drawer, Group, Stack, Text } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { useT } from '#app/i18n/useT.ts';

export type DrawerSize = 'sm' | 'md' | 'lg' | 'xl';

export interface ContextDrawerProps {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  footer?: ReactNode;
  side?: 'left' | 'right' | 'top' | 'bottom';
  size?: DrawerSize;
  children: ReactNode;
}

/** Mantine's drawer widths (Drawer.css), for the toasts to keep clear of an open drawer (ToastViewport.module.css). */
const DRAWER_WIDTHS: Record<DrawerSize, string> = { sm: '23.75rem', md: '27.5rem', lg: '38.75rem', xl: '48.75rem' };

export function ContextDrawer({ opened, onClose, title, description, footer, side = 'right', size = 'lg', children }: ContextDrawerProps) {
  const t = useT();
  useEffect(() => {
    if (!opened || side !== 'right') return;
    const root = document.documentElement.style;
    root.setProperty('--side-drawer-width', DRAWER_WIDTHS[size]);
    return () => { root.removeProperty('--side-drawer-width'); };
  }, [opened, side, size]);
  return (
    // A column: the body scrolls, the footer's actions stay in view (on a phone too). Through `styles.content`:
    // Drawer.Content's `style` also lands on its inner wrapper, whose column then shrank every size to its text.
    <Drawer.Root opened={opened} onClose={onClose} position={side} size={size} data-testid="context-drawer"
      styles={{ content: { display: 'flex', flexDirection: 'column', overflow: 'hidden' } }}>
      <Drawer.Overlay />
      <Drawer.Content>
        <Drawer.Header>
          <Stack gap={2}>
            <Drawer.Title fw={700} fz="lg">{title}</Drawer.Title>
            {description ? <Text size="sm" c="dimmed">{description}</Text> : null}
          </Stack>
          <Drawer.CloseButton aria-label={t('people.drawer.closePanel')} />
        </Drawer.Header>
        <Drawer.Body style={{ flex: 1, minHeight: 0, overflowY: 'auto' }}>
          <Stack gap="md">{children}</Stack>
        </Drawer.Body>
        {footer ? (
          <Group justify="flex-end" gap="sm" px="md" py="sm" data-testid="drawer-footer"
            style={{ borderTop: '1px solid var(--mantine-color-default-border)', flexShrink: 0 }}>
            {footer}
          </Group>
        ) : null}
      </Drawer.Content>
    </Drawer.Root>
  );
}
