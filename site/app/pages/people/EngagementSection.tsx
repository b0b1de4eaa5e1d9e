// Engagement: the 0-100% score as a ring (spec §1), with opens, clicks and replies.
import { Group, RingProgress, Text } from '@mantine/core';
import { DetailSection } from './DetailSection.tsx';
import { engagementColor } from './EngagementBar.tsx';
import { FactList } from './FactList.tsx';
import type { CandidateDetail } from '#domain/candidates/schemas.ts';

export function EngagementSection({ candidate }: { candidate: CandidateDetail }) {
  const engagement = candidate.engagement ?? { opens: 0, clicks: 0, replies: 0, score: candidate.engagementScore };
  const score = Math.min(Math.max(Math.round(engagement.score ?? candidate.engagementScore ?? 0), 0), 100);
  return (
    <DetailSection title="Engagement" testId="candidate-engagement">
      <Group gap="lg" wrap="nowrap" align="center">
        <RingProgress
          size={96}
          thickness={9}
          roundCaps
          sections={[{ value: score, color: engagementColor(score) }]}
          label={<Text ta="center" fw={700} size="lg" data-testid="engagement-score">{score}%</Text>}
          aria-label={`Engagement score ${score}%`}
        />
        <FactList facts={[
          { label: 'Opens', value: engagement.opens ?? 0 },
          { label: 'Clicks', value: engagement.clicks ?? 0 },
          { label: 'Replies', value: engagement.replies ?? 0 },
        ]} />
      </Group>
    </DetailSection>
  );
}
