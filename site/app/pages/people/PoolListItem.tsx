// One talent pool in the side list: pick it to filter, message it, rename or delete it.
import { ActionIcon, Badge, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { openPanel } from '#app/drawers/drawerStore.ts';
import { formatNumber } from '#app/i18n/format.ts';
import { useT } from '#app/i18n/useT.ts';
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
  const t = useT();
  return (
    <Group gap={4} wrap="nowrap" data-testid="pool-item" data-pool-name={pool.name}
      bg={active ? 'var(--mantine-primary-color-light)' : undefined} style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
      <UnstyledButton onClick={onSelect} aria-pressed={active} flex={1} px="xs" py={6} miw={0}>
        <Group gap="xs" wrap="nowrap" justify="space-between">
          <Text size="sm" fw={active ? 700 : 500} truncate>{pool.name}</Text>
          <Badge size="sm" variant="light" color="gray" style={UNSHRINKING} aria-label={t('people.pools.candidateCount', { number: pool.candidateCount })}>
            {formatNumber(pool.candidateCount)}
          </Badge>
        </Group>
      </UnstyledButton>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={t('people.pools.actionsFor', { name: pool.name })}>⋯</ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => openPanel('compose', { talentPoolId: pool.id })}>{t('people.pools.sendMessage')}</Menu.Item>
          <Menu.Item onClick={onRename}>{t('people.actions.rename')}</Menu.Item>
          <Menu.Item color="red" onClick={onDelete}>{t('people.actions.delete')}</Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
