// Which channels a candidate allows, at a glance.
import { Badge, Group, Text } from '@mantine/core';
import { UNSHRINKING } from './SkillTags.tsx';

export function ConsentBadges({ allowsEmail, allowsWhatsapp }: { allowsEmail: boolean; allowsWhatsapp: boolean }) {
  if (!allowsEmail && !allowsWhatsapp) return <Text size="xs" c="dimmed">None</Text>;
  return (
    <Group gap={4} wrap="nowrap">
      {allowsEmail && <Badge size="xs" variant="light" color="blue" style={UNSHRINKING}>Email</Badge>}
      {allowsWhatsapp && <Badge size="xs" variant="light" color="green" style={UNSHRINKING}>WhatsApp</Badge>}
    </Group>
  );
}
