// A yes/no question before something that cannot be undone.
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useT } from '#app/i18n/useT.ts';

interface ConfirmModalProps {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  loading?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmModal({ opened, title, children, confirmLabel, loading, onConfirm, onCancel }: ConfirmModalProps) {
  const t = useT();
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered>
      <Stack gap="md">
        {typeof children === 'string' ? <Text size="sm">{children}</Text> : children}
        <Group justify="flex-end">
          {/* Focus starts on the way back out, not on what cannot be undone. */}
          <Button variant="default" onClick={onCancel} data-autofocus>{t('people.actions.cancel')}</Button>
          <Button color="red" onClick={onConfirm} loading={loading}>{confirmLabel}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
