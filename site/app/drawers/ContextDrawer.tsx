// The side panel of spec §2: title, optional description, body, optional footer.
// Side defaults to right; sizes sm, md, lg, xl (default lg).
import { Drawer, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

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

export function ContextDrawer({ opened, onClose, title, description, footer, side = 'right', size = 'lg', children }: ContextDrawerProps) {
  return (
    <Drawer.Root opened={opened} onClose={onClose} position={side} size={size} data-testid="context-drawer">
      <Drawer.Overlay />
      <Drawer.Content>
        <Drawer.Header>
          <Stack gap={2}>
            <Drawer.Title fw={700} fz="lg">{title}</Drawer.Title>
            {description ? <Text size="sm" c="dimmed">{description}</Text> : null}
          </Stack>
          <Drawer.CloseButton aria-label="Close panel" />
        </Drawer.Header>
        <Drawer.Body>
          <Stack gap="md">
            {children}
            {footer ? <Group justify="flex-end" gap="sm" pt="md">{footer}</Group> : null}
          </Stack>
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}
