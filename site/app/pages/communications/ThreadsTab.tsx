// Messages: "Needs reply" (the default) or all threads, newest first, with campaign sends nobody
// answered grouped per campaign; filters, and the open thread (kept in the page's URL).
// Below md the list and the thread take turns: an open thread is its own view with a back
// button (side by side, a tapped thread rendered far below the list and nothing seemed to happen).
import { Alert, Button, Center, Grid, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useMemo, useRef } from 'react';
import { errorText } from '#app/api/ApiError.ts';
import { useT } from '#app/i18n/useT.ts';
import { useThreads, type ThreadFilters as Filters } from '#app/messaging/queries.ts';
import { CampaignGroups } from './CampaignGroups.tsx';
import { ThreadFilters } from './ThreadFilters.tsx';
import { ThreadListItem } from './ThreadListItem.tsx';
import { ThreadView } from './ThreadView.tsx';

interface ThreadsTabProps {
  filters: Filters;
  onFiltersChange: (filters: Filters) => void;
  openThread: number | null;
  onOpenThread: (threadId: number) => void;
  onCloseThread: () => void;
}

export function ThreadsTab({ filters, onFiltersChange: setFilters, openThread, onOpenThread: setOpenThread, onCloseThread }: ThreadsTabProps) {
  const threads = useThreads(filters);
  const t = useT();
  // The candidate filter offers everyone who has a thread (the unfiltered list).
  const allThreads = useThreads();
  const needsReply = filters.view === 'needs-reply';
  // Grouped sends belong to the whole list, not to one candidate's or one sentiment's.
  const showCampaignGroups = filters.view !== 'needs-reply' && !filters.candidateId && !filters.sentiment;
  const openSummary = threads.data?.find((summary) => summary.threadId === openThread);
  const candidates = useMemo(() => {
    const seen = new Map<number, string>();
    for (const summary of allThreads.data ?? []) seen.set(summary.candidate.id, summary.candidate.name);
    return [...seen].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
  }, [allThreads.data]);
  const list = useRef<HTMLDivElement>(null);
  const thread = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // On a phone (the list hidden) the thread's view starts at the top of the screen.
    if (openThread && list.current?.offsetParent === null) thread.current?.scrollIntoView?.({ block: 'start' });
  }, [openThread]);

  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 5 }} visibleFrom={openThread ? 'md' : undefined} ref={list} data-testid="thread-list-column">
        <Stack gap="sm">
          <ThreadFilters value={filters} onChange={setFilters} candidates={candidates} />
          <Group justify="flex-end">
            <Button size="xs" variant="subtle" onClick={() => void threads.refetch()} loading={threads.isFetching}>{t('communications.refresh')}</Button>
          </Group>
          {showCampaignGroups && <CampaignGroups />}
          {threads.isError ? (
            <Alert color="red" title={t('communications.threads.loadFailed')}>{errorText(threads.error)}</Alert>
          ) : threads.isPending ? (
            <Center py="xl"><Loader aria-label={t('communications.threads.loading')} /></Center>
          ) : threads.data.length === 0 ? (
            <Text c="dimmed" size="sm" data-testid="no-threads">{needsReply ? t('communications.threads.noReplies') : t('communications.threads.noMessages')}</Text>
          ) : (
            <Stack gap="xs" data-testid="thread-list">
              {threads.data.map((thread) => (
                <ThreadListItem key={thread.threadId} thread={thread} selected={thread.threadId === openThread}
                  onOpen={() => setOpenThread(thread.threadId)} />
              ))}
            </Stack>
          )}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7 }} visibleFrom={openThread ? undefined : 'md'} ref={thread} data-testid="thread-column"
        style={{ scrollMarginTop: 'calc(var(--app-shell-header-height, 56px) + 8px)' }}>
        {openThread ? (
          <Stack gap="sm">
            <Button variant="subtle" hiddenFrom="md" onClick={onCloseThread} style={{ alignSelf: 'flex-start' }}
              leftSection={<span aria-hidden="true">←</span>}>{t('communications.threads.backToMessages')}</Button>
            <ThreadView threadId={openThread} needsReply={openSummary?.needsReply} />
          </Stack>
        ) : (
          <Paper withBorder p="xl"><Text c="dimmed" ta="center">{t('communications.threads.openThread')}</Text></Paper>
        )}
      </Grid.Col>
    </Grid>
  );
}
