// The talent pools with their candidate counts: pick one to filter the list;
// create, rename and delete pools.
import { Button, Card, Group, Loader, SimpleGrid, Text, Title, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { useT } from '#app/i18n/useT.ts';
import { ConfirmModal } from './ConfirmModal.tsx';
import { useDeletePool } from './peopleQueries.ts';
import type { TalentPool } from '#domain/talent-pools/schemas.ts';
import { PoolFormModal } from './PoolFormModal.tsx';
import { PoolListItem } from './PoolListItem.tsx';

interface TalentPoolsPanelProps {
  pools: TalentPool[];
  loading: boolean;
  selectedId: number | null;
  onSelect: (id: number | null) => void;
}

export function TalentPoolsPanel({ pools, loading, selectedId, onSelect }: TalentPoolsPanelProps) {
  const [form, setForm] = useState<{ pool: TalentPool | null } | null>(null);
  const [deleting, setDeleting] = useState<TalentPool | null>(null);
  const deletePool = useDeletePool();
  const t = useT();

  return (
    <Card withBorder padding="sm" data-testid="talent-pools">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h5">{t('people.pools.title')}</Title>
        <Button size="xs" variant="light" onClick={() => setForm({ pool: null })}>{t('people.pools.newPool')}</Button>
      </Group>
      {/* One column beside the list on wide screens; a grid above it otherwise. */}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3, xl: 1 }} spacing={4} verticalSpacing={2}>
        <UnstyledButton onClick={() => onSelect(null)} aria-pressed={selectedId === null} px="xs" py={6}
          bg={selectedId === null ? 'var(--mantine-primary-color-light)' : undefined} style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
          <Text size="sm" fw={selectedId === null ? 700 : 500}>{t('people.pools.allCandidates')}</Text>
        </UnstyledButton>
        {loading && <Loader size="sm" m="xs" aria-label={t('people.pools.loading')} />}
        {!loading && pools.length === 0 && <Text size="sm" c="dimmed" p="xs">{t('people.pools.none')}</Text>}
        {pools.map((pool) => (
          <PoolListItem
            key={pool.id}
            pool={pool}
            active={pool.id === selectedId}
            onSelect={() => onSelect(pool.id)}
            onRename={() => setForm({ pool })}
            onDelete={() => setDeleting(pool)}
          />
        ))}
      </SimpleGrid>
      <PoolFormModal opened={form !== null} pool={form?.pool ?? null} onClose={() => setForm(null)}
        onCreated={(pool) => pool?.id && onSelect(pool.id)} />
      <ConfirmModal
        opened={deleting !== null}
        title={t('people.pools.deleteTitle', { name: deleting?.name ?? '' })}
        confirmLabel={t('people.pools.deletePool')}
        loading={deletePool.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && deletePool.mutate(deleting.id, {
          onSuccess: () => {
            if (deleting.id === selectedId) onSelect(null);
            setDeleting(null);
          },
        })}
      >
        {t('people.pools.deleteBody')}
      </ConfirmModal>
    </Card>
  );
}
