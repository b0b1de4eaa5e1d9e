// Messages: threads newest first, filters, and the open thread (both kept in the page's URL).
import { Alert, Button, Center, Grid, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { errorText } from '#app/api/ApiError.ts';
import { useThreads, type ThreadFilters as Filters } from '#app/messaging/queries.ts';
import { ThreadFilters } from './ThreadFilters.tsx';
import { ThreadListItem } from './ThreadListItem.tsx';
import { ThreadView } from './ThreadView.tsx';

interface ThreadsTabProps {
  filters: Filters;
  onFiltersChange: (filters: Filters) => void;
  openThread: number | null;
  onOpenThread: (threadId: number) => void;
}

export function ThreadsTab({ filters, onFiltersChange: setFilters, openThread, onOpenThread: setOpenThread }: ThreadsTabProps) {
  const threads = useThreads(filters);
  // The candidate filter offers everyone who has a thread (the unfiltered list).
  const allThreads = useThreads();
  const candidates = useMemo(() => {
    const seen = new Map<number, string>();
    for (const t of allThreads.data ?? []) seen.set(t.candidate.id, t.candidate.name);
    return [...seen].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
  }, [allThreads.data]);

  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Stack gap="sm">
          <ThreadFilters value={filters} onChange={setFilters} candidates={candidates} />
          <Group justify="flex-end">
            <Button size="xs" variant="subtle" onClick={() => void threads.refetch()} loading={threads.isFetching}>Refresh</Button>
          </Group>
          {threads.isError ? (
            <Alert color="red" title="Could not load messages">{errorText(threads.error)}</Alert>
          ) : threads.isPending ? (
            <Center py="xl"><Loader aria-label="Loading messages" /></Center>
          ) : threads.data.length === 0 ? (
            <Text c="dimmed" size="sm" data-testid="no-threads">No messages yet.</Text>
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
      <Grid.Col span={{ base: 12, md: 7 }}>
        {openThread ? <ThreadView threadId={openThread} /> : (
          <Paper withBorder p="xl"><Text c="dimmed" ta="center">Open a thread to read it.</Text></Paper>
        )}
      </Grid.Col>
    </Grid>
  );
}
