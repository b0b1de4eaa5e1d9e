// What to do with the selected candidates: add to a pool, remove from a pool, delete.
import { Button, Group, Paper, Text } from '@mantine/core';
import { useState } from 'react';
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
  const noun = count === 1 ? 'candidate' : 'candidates';

  return (
    <Paper withBorder p="xs" data-testid="bulk-actions">
      <Group gap="sm" wrap="wrap">
        <Text size="sm" fw={600}>{count} selected</Text>
        <PoolMenuButton label="Add to pool" pools={pools} loading={addToPool.isPending}
          onPick={(pool) => addToPool.mutate({ poolId: pool.id, candidateIds: selected })} />
        <PoolMenuButton label="Remove from pool" pools={pools} loading={removeFromPool.isPending}
          onPick={(pool) => removeFromPool.mutate({ poolId: pool.id, candidateIds: selected })} />
        <Button size="xs" variant="light" color="red" onClick={() => setConfirmDelete(true)}>Delete</Button>
        <Button size="xs" variant="subtle" onClick={onDone}>Clear selection</Button>
      </Group>
      <ConfirmModal
        opened={confirmDelete}
        title={`Delete ${count} ${noun}?`}
        confirmLabel={`Delete ${count} ${noun}`}
        loading={deleteCandidates.isPending}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() => deleteCandidates.mutate(selected, {
          onSuccess: () => { setConfirmDelete(false); onDone(); },
        })}
      >
        {`The selected ${noun}, their consent history and messages are deleted for good. This cannot be undone.`}
      </ConfirmModal>
    </Paper>
  );
}
