// An engagement score 0-100% as a thin bar with its number (spec §1).
import { Group, Progress, Text } from '@mantine/core';

export function engagementColor(score: number): string {
  if (score >= 70) return 'green';
  if (score >= 40) return 'yellow';
  return 'gray';
}

export function EngagementBar({ score }: { score: number }) {
  const value = Math.min(Math.max(Math.round(score), 0), 100);
  return (
    <Group gap={6} wrap="nowrap" miw={90}>
      <Progress value={value} color={engagementColor(value)} size="sm" w={48} aria-label={`Engagement ${value}%`} />
      <Text size="xs">{value}%</Text>
    </Group>
  );
}
