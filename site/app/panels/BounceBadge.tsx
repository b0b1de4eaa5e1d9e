// A bounce on a message (domain/candidates/bounce-schemas.ts): hard (the address does
// not take mail; it is suppressed) or soft (sent again later). The reason is
// shown as text next to the badge, not in a tooltip, so it reads on a phone and
// by keyboard alike.
import { Badge, Group, Text } from '@mantine/core';
import { formatDateTime } from '#app/lib/formatDate.ts';
import { useT } from '#app/i18n/useT.ts';
import type { Bounce } from '#domain/candidates/bounce-schemas.ts';

export function BounceBadge({ bounce, size = 'sm' }: { bounce: Bounce; size?: 'xs' | 'sm' }) {
  const hard = bounce.type === 'hard';
  const t = useT();
  return (
    <Badge size={size} color={hard ? 'red' : 'orange'} variant="light" data-testid="bounce-badge">
      {hard ? t('panels.bounce.hard') : t('panels.bounce.soft')}{bounce.status ? ` · ${bounce.status}` : ''}
    </Badge>
  );
}

/** The badge with the reason and when, for a message in a list or a thread. */
export function BounceNote({ bounce }: { bounce: Bounce }) {
  return (
    <Group gap={6} wrap="wrap" mt={4} data-testid="bounce-note">
      <BounceBadge bounce={bounce} size="xs" />
      <Text size="xs" c={bounce.type === 'hard' ? 'red' : 'orange'}>{bounce.reason} · {formatDateTime(bounce.at)}</Text>
    </Group>
  );
}
