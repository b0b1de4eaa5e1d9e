// Which channels a candidate allows, at a glance.
import { Badge, Group, Text } from '@mantine/core';
import { useT } from '#app/i18n/useT.ts';
import { UNSHRINKING } from './SkillTags.tsx';

/** `wrap`: one badge per line when the column is narrow. */
export function ConsentBadges({ allowsEmail, allowsWhatsapp, wrap = false }: { allowsEmail: boolean; allowsWhatsapp: boolean; wrap?: boolean }) {
  const t = useT();
  if (!allowsEmail && !allowsWhatsapp) return <Text size="xs" c="dimmed">{t('people.list.noConsent')}</Text>;
  return (
    <Group gap={4} wrap={wrap ? 'wrap' : 'nowrap'}>
      {allowsEmail && <Badge size="xs" variant="light" color="blue" style={UNSHRINKING}>{t('people.channels.email')}</Badge>}
      {allowsWhatsapp && <Badge size="xs" variant="light" color="green" style={UNSHRINKING}>{t('people.channels.whatsapp')}</Badge>}
    </Group>
  );
}
