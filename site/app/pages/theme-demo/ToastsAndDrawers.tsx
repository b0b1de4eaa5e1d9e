// A toast of each variant through the app's toast API, and the context drawer at each size.
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ContextDrawer, type DrawerSize } from '#app/drawers/ContextDrawer.tsx';
import { toast, type ToastVariant } from '#app/toast/toast.ts';

const VARIANTS: ToastVariant[] = ['default', 'destructive', 'success', 'warning', 'info'];
const SIZES: DrawerSize[] = ['sm', 'md', 'lg', 'xl'];
const capitalised = (word: string) => word[0].toUpperCase() + word.slice(1);

export function Toasts() {
  return (
    <Stack gap="xs">
      <Title order={2}>Toasts</Title>
      <Group gap="sm">
        {VARIANTS.map((variant) => (
          <Button key={variant} variant="default"
            onClick={() => toast({ variant, title: `${capitalised(variant)} toast`, description: `A ${variant} message.` })}>
            Show {variant} toast
          </Button>
        ))}
      </Group>
    </Stack>
  );
}

export function Drawers() {
  const [size, setSize] = useState<DrawerSize | null>(null);
  return (
    <Stack gap="xs">
      <Title order={2}>Drawers</Title>
      <Group gap="sm">
        {SIZES.map((s) => <Button key={s} variant="default" onClick={() => setSize(s)}>Drawer {s}</Button>)}
      </Group>
      <ContextDrawer opened={size !== null} onClose={() => setSize(null)} size={size ?? 'lg'}
        title={`Drawer ${size ?? ''}`} description="A side panel with a title, description, body and footer."
        footer={<Button onClick={() => setSize(null)}>Done</Button>}>
        <Text size="sm">The body scrolls when it is taller than the screen.</Text>
      </ContextDrawer>
    </Stack>
  );
}
