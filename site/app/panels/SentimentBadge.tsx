import { Badge, type BadgeProps } from '@mantine/core';
import type { Sentiment } from '#domain/messages/schemas.ts';

const COLORS: Record<string, string> = { positive: 'green', negative: 'red', neutral: 'gray', other: 'blue' };

/** A reply's sentiment (positive, negative, neutral or other); "No sentiment" when none was detected. */
export function SentimentBadge({ sentiment, size }: { sentiment: Sentiment | null | undefined; size?: BadgeProps['size'] }) {
  const known = sentiment && COLORS[sentiment] ? sentiment : null;
  return (
    <Badge color={known ? COLORS[known] : 'gray'} variant="light" size={size} data-testid="sentiment-badge" data-sentiment={known ?? 'none'}>
      {known ? known[0].toUpperCase() + known.slice(1) : 'No sentiment'}
    </Badge>
  );
}
