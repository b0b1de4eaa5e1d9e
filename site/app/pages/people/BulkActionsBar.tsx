// What to do with the selected candidates: add to a pool, remove from a pool, delete.
import { Button, Group, Paper, Text } from '@mantine/core';
import { useState } from 'react';
import { useT } from '#app/i18n/useT.ts';
import { ConfirmModal } from './ConfirmModal.tsx';
import { useAddToPool, useDeleteCandidates, useRemoveFromPool } from './peopleQueries.ts';
import type { TalentPool } from '#domain/talent-pools/schemas.ts';
import { PoolMenuButton } from './PoolMenuButton.tsx';

interface BulkActionsBarProps {
  selected: number[];
  pools: TalentPool[];
  onDone: () => void;
}

export function BulkActionsBar({ selected, pools, onDone }: BulkActionsBarProps) {
  const addToPool = useAddToPool();
  const removeFromPool = useRemoveFromPool();
  const deleteCandidates = useDeleteCandidates();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const count = selected.length;
  const t = useT();

  return (
    <Paper withBorder p="xs" data-testid="bulk-actions">
      <Group gap="sm" wrap="wrap">
        <Text size="sm" fw={600}>{t('people.bulk.selected', { number: count })}</Text>
        <PoolMenuButton label={t('people.bulk.addToPool')} pools={pools} loading={addToPool.isPending}
          onPick={(pool) => addToPool.mutate({ pool: { poolId: pool.id }, candidateIds: selected })}
          onCreate={(name) => addToPool.mutate({ pool: { newPoolName: name }, candidateIds: selected })} />
        <PoolMenuButton label={t('people.bulk.removeFromPool')} pools={pools} loading={removeFromPool.isPending}
          onPick={(pool) => removeFromPool.mutate({ poolId: pool.id, candidateIds: selected })} />
        <Button size="xs" variant="light" color="red" onClick={() => setConfirmDelete(true)}>{t('people.actions.delete')}</Button>
        <Button size="xs" variant="subtle" onClick={onDone}>{t('people.bulk.clear')}</Button>
      </Group>
      <ConfirmModal
        opened={confirmDelete}
        title={t('people.bulk.confirmTitle', { count })}
        confirmLabel={t('people.bulk.confirm', { count })}
        loading={deleteCandidates.isPending}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() => deleteCandidates.mutate(selected, {
          onSuccess: () => { setConfirmDelete(false); onDone(); },
        })}
      >
        {t('people.bulk.confirmBody', { count })}
      </ConfirmModal>
    </Paper>
  );
}
