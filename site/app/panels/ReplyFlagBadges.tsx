// What the inbound path learned about a reply besides its sentiment: an
// automatic reply (with the date its sender is back, when it says), or a reply
// that may ask to stop mailing, which a recruiter should read (consent was not
// withdrawn for it).
import { Badge, Tooltip } from '@mantine/core';
import dayjs from 'dayjs';
import type { Message } from '#domain/messages/schemas.ts';

/** What a reply in a thread (and in the candidate drawer) says about itself. */
export type ReplyFlags = Pick<Message, 'autoReply' | 'autoReplyUntil' | 'optOutReview'>;

/** "back on Dec 14, 2026", or null when there is no valid date. */
export function backOn(date: string | null | undefined): string | null {
  const day = date ? dayjs(date) : null;
  return day?.isValid() ? `back on ${day.format('MMM D, YYYY')}` : null;
}

export function ReplyFlagBadges({ flags, size = 'sm' }: { flags: ReplyFlags; size?: 'xs' | 'sm' }) {
  const back = flags.autoReply ? backOn(flags.autoReplyUntil) : null;
  return (
    <>
      {flags.autoReply && (
        <Badge size={size} color="blue" variant="outline" data-testid="auto-reply-badge">
          {back ? `Auto-reply · ${back}` : 'Auto-reply'}
        </Badge>
      )}
      {flags.optOutReview && (
        <Tooltip label="Email consent was not withdrawn: read the reply and decide." withArrow>
          <Badge size={size} color="yellow" variant="filled" c="dark" data-testid="opt-out-review-badge">May want to opt out: review</Badge>
        </Tooltip>
      )}
    </>
  );
}
