// Previous and next page of a list the server pages (retention preview, data requests); nothing when it fits one page.
import { Button, Group, Text } from '@mantine/core';

interface PagerProps {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  labels: { previous: string; next: string; page: (page: number, pages: number) => string };
}

export function Pager({ page, pages, onPage, labels }: PagerProps) {
  if (pages <= 1) return null;
  return (
    <Group justify="space-between" gap="xs">
      <Button size="xs" variant="default" disabled={page <= 1} onClick={() => onPage(page - 1)}>{labels.previous}</Button>
      <Text size="sm" aria-live="polite">{labels.page(page, pages)}</Text>
      <Button size="xs" variant="default" disabled={page >= pages} onClick={() => onPage(page + 1)}>{labels.next}</Button>
    </Group>
  );
}
