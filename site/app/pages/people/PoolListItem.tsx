// One talent pool in the side list: pick it to filter, message it, rename or delete it.
import { ActionIcon, Badge, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { openPanel } from '#app/drawers/drawerStore.ts';
import type { TalentPool } from '#domain/talent-pools/schemas.ts';
import { UNSHRINKING } from './SkillTags.tsx';

interface PoolListItemProps {
  pool: TalentPool;
  active: boolean;
  onSelect: () => void;
  onRename: () => void;
  onDelete: () => void;
}

export function PoolListItem({ pool, active, onSelect, onRename, onDelete }: PoolListItemProps) {
  return (
    <Group gap={4} wrap="nowrap" data-testid="pool-item" data-pool-name={pool.name}
      bg={active ? 'var(--mantine-primary-color-light)' : undefined} style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
      <UnstyledButton onClick={onSelect} aria-pressed={active} flex={1} px="xs" py={6} miw={0}>
        <Group gap="xs" wrap="nowrap" justify="space-between">
          <Text size="sm" fw={active ? 700 : 500} truncate>{pool.name}</Text>
          <Badge size="sm" variant="light" color="gray" style={UNSHRINKING} aria-label={`${pool.candidateCount} candidates`}>
            {pool.candidateCount.toLocaleString('en-US')}
          </Badge>
        </Group>
      </UnstyledButton>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${pool.name}`}>⋯</ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => openPanel('compose', { talentPoolId: pool.id })}>Send message to pool</Menu.Item>
          <Menu.Item onClick={onRename}>Rename</Menu.Item>
          <Menu.Item color="red" onClick={onDelete}>Delete</Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
