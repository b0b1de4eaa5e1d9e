// "Possible duplicate" on a candidate of the list (the list item's possibleDuplicate): a link that
// opens the candidate's likely pairs (?action=duplicates&duplicatesOf={id}).
import { Badge } from '@mantine/core';
import { useLocation } from '#app/router/RouterView.tsx';
import { useT } from '#app/i18n/useT.ts';
import { appLinkProps } from '#app/router/Link.tsx';
import { DUPLICATES_ACTION, urlWithParams } from '../candidateUrl.ts';

export function PossibleDuplicateBadge({ candidate }: { candidate: { id: number; name: string; possibleDuplicate?: boolean } }) {
  const t = useT();
  const { pathname, searchStr } = useLocation();
  if (!candidate.possibleDuplicate) return null;
  const to = urlWithParams(pathname, searchStr, { action: DUPLICATES_ACTION, duplicatesOf: String(candidate.id) });
  return (
    <Badge component="a" {...appLinkProps(to)} size="xs" color="orange" variant="light" style={{ cursor: 'pointer', flexShrink: 0 }}
      aria-label={t('people.duplicates.badgeLabel', { name: candidate.name })} data-testid="possible-duplicate">
      {t('people.duplicates.badge')}
    </Badge>
  );
}
