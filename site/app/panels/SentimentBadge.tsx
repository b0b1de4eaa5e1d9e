import { Badge } from '@mantine/core';
import type { Sentiment } from '#domain/messages/schemas.ts';

const COLORS: Record<string, string> = { positive: 'green', negative: 'red', neutral: 'gray', other: 'blue' };

/** A reply's sentiment (positive, negative, neutral or other); "No sentiment" when none was detected. */
export function SentimentBadge({ sentiment }: { sentiment: Sentiment | null | undefined }) {
  const known = sentiment && COLORS[sentiment] ? sentiment : null;
  return (
    <Badge color={known ? COLORS[known] : 'gray'} variant="light" data-testid="sentiment-badge" data-sentiment={known ?? 'none'}>
      {known ? known[0].toUpperCase() + known.slice(1) : 'No sentiment'}
    </Badge>
  );
}
