// A toast of each variant through the app's toast API, and the context drawer at each size.
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ContextDrawer, type DrawerSize } from '#app/drawers/ContextDrawer.tsx';
import { useT } from '#app/i18n/useT.ts';
import { toast, type ToastVariant } from '#app/toast/toast.ts';

const VARIANTS: ToastVariant[] = ['default', 'destructive', 'success', 'warning', 'info'];
const SIZES: DrawerSize[] = ['sm', 'md', 'lg', 'xl'];
const capitalised = (word: string) => word[0].toUpperCase() + word.slice(1);

export function Toasts() {
  const t = useT();
  return (
    <Stack gap="xs">
      <Title order={2}>{t('themeDemo.toasts')}</Title>
      <Group gap="sm">
        {VARIANTS.map((variant) => {
          const name = t(`themeDemo.variants.${variant}`);
          return (
            <Button key={variant} variant="default"
              onClick={() => toast({ variant, title: t('themeDemo.toastTitle', { Variant: capitalised(name) }), description: t('themeDemo.toastBody', { variant: name }) })}>
              {t('themeDemo.showToast', { variant: name })}
            </Button>
          );
        })}
      </Group>
    </Stack>
  );
}

export function Drawers() {
  const t = useT();
  const [size, setSize] = useState<DrawerSize | null>(null);
  return (
    <Stack gap="xs">
      <Title order={2}>{t('themeDemo.drawers')}</Title>
      <Group gap="sm">
        {SIZES.map((s) => <Button key={s} variant="default" onClick={() => setSize(s)}>{t('themeDemo.drawer', { size: s })}</Button>)}
      </Group>
      <ContextDrawer opened={size !== null} onClose={() => setSize(null)} size={size ?? 'lg'}
        title={t('themeDemo.drawer', { size: size ?? '' })} description={t('themeDemo.drawerDescription')}
        footer={<Button onClick={() => setSize(null)}>{t('themeDemo.done')}</Button>}>
        <Text size="sm">{t('themeDemo.drawerBody')}</Text>
      </ContextDrawer>
    </Stack>
  );
}
