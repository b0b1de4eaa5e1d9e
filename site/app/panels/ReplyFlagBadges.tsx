// What the inbound path learned about a reply besides its sentiment: an
// automatic reply (with the date its sender is back, when it says), or a reply
// that may ask to stop mailing, which a recruiter should read (consent was not
// withdrawn for it).
import { Badge, Tooltip } from '@mantine/core';
import { i18n } from '#app/i18n/i18n.ts';
import { formatDate } from '#app/i18n/format.ts';
import { useT } from '#app/i18n/useT.ts';
import type { Message } from '#domain/messages/schemas.ts';

/** What a reply in a thread (and in the candidate drawer) says about itself. */
export type ReplyFlags = Pick<Message, 'autoReply' | 'autoReplyUntil' | 'optOutReview'>;

/** "back on Dec 14, 2026" ("terug op 14 dec 2026"), or null when there is no valid date. */
export function backOn(date: string | null | undefined): string | null {
  const text = formatDate(date);
  return text === null ? null : i18n.t('panels.flags.backOn', { date: text });
}

export function ReplyFlagBadges({ flags, size = 'sm' }: { flags: ReplyFlags; size?: 'xs' | 'sm' }) {
  const t = useT();
  const back = flags.autoReply ? backOn(flags.autoReplyUntil) : null;
  return (
    <>
      {flags.autoReply && (
        <Badge size={size} color="blue" variant="outline" data-testid="auto-reply-badge">
          {back ? t('panels.flags.autoReplyBack', { back }) : t('panels.flags.autoReply')}
        </Badge>
      )}
      {flags.optOutReview && (
        <Tooltip label={t('panels.flags.optOutReviewTip')} withArrow>
          <Badge size={size} color="yellow" variant="filled" c="dark" data-testid="opt-out-review-badge">{t('panels.flags.optOutReview')}</Badge>
        </Tooltip>
      )}
    </>
  );
}
