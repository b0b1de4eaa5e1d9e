// "Needs reply": threads whose last message is the candidate's, oldest first
// (the longest wait on top); each opens its thread in Communications.
import { Anchor, Group, Text } from '@mantine/core';
import { SentimentBadge } from '#app/panels/SentimentBadge.tsx';
import type { Dashboard } from '#domain/dashboard/schemas.ts';
import { formatDateTime } from '#app/lib/formatDate.ts';
import { useT } from '#app/i18n/useT.ts';
import { appLinkProps } from '#app/router/Link.tsx';
import { CardList, DashboardCard } from './DashboardCard.tsx';
import { needsReplyHref, threadHref } from './dashboardLinks.ts';

export function NeedsReplyCard({ items }: { items: Dashboard['needsReply'] }) {
  const t = useT();
  const oldestFirst = [...items].sort((a, b) => Date.parse(a.receivedAt) - Date.parse(b.receivedAt));
  return (
    <DashboardCard id="needs-reply" title={t('dashboard.needsReply')} link={{ href: needsReplyHref(), label: t('dashboard.openInbox') }}>
      <CardList items={oldestFirst} empty={t('dashboard.noNeedsReply')}>
        {(item) => (
          <li key={item.threadId} data-testid="needs-reply-item">
            <Group justify="space-between" gap="xs" wrap="nowrap" align="baseline">
              <Anchor fw={600} size="sm" truncate {...appLinkProps(threadHref(item.threadId))}>
                {item.candidate.name}{item.subject ? `: ${item.subject}` : ''}
              </Anchor>
              {item.sentiment && <SentimentBadge sentiment={item.sentiment} size="xs" />}
            </Group>
            <Text size="sm" c="dimmed" lineClamp={1}>{item.preview}</Text>
            <Text size="xs" c="dimmed">{t('dashboard.received', { date: formatDateTime(item.receivedAt) })}</Text>
          </li>
        )}
      </CardList>
    </DashboardCard>
  );
}
