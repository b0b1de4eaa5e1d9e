import { Badge, type BadgeProps } from '@mantine/core';
import { useT } from '#app/i18n/useT.ts';
import type { Sentiment } from '#domain/ai/schemas.ts';

const COLORS: Record<Exclude<Sentiment, null>, string> = { positive: 'green', negative: 'red', neutral: 'gray', other: 'blue' };

/** A reply's sentiment (positive, negative, neutral or other); "No sentiment" when none was detected. */
export function SentimentBadge({ sentiment, size }: { sentiment: Sentiment | null | undefined; size?: BadgeProps['size'] }) {
  const t = useT();
  const known = sentiment && sentiment in COLORS ? sentiment : null;
  return (
    <Badge color={known ? COLORS[known] : 'gray'} variant="light" size={size} data-testid="sentiment-badge" data-sentiment={known ?? 'none'}>
      {t(`sentiment.${known ?? 'none'}`)}
    </Badge>
  );
}
