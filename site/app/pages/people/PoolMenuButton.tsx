// A button that opens a menu of talent pools and reports the chosen one.
import { Button, Menu, ScrollArea } from '@mantine/core';
import type { TalentPool } from '#domain/talent-pools/schemas.ts';

interface PoolMenuButtonProps {
  label: string;
  pools: TalentPool[];
  onPick: (pool: TalentPool) => void;
  loading?: boolean;
  color?: string;
  /** The bulk bar's small light button unless told otherwise (the drawer's footer). */
  size?: 'xs' | 'sm';
  variant?: 'light' | 'default';
}

export function PoolMenuButton({ label, pools, onPick, loading, color, size = 'xs', variant = 'light' }: PoolMenuButtonProps) {
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <Button size={size} variant={variant} color={color} loading={loading} disabled={pools.length === 0}>{label}</Button>
      </Menu.Target>
      <Menu.Dropdown>
        <ScrollArea.Autosize mah={280}>
          {pools.map((pool) => (
            <Menu.Item key={pool.id} onClick={() => onPick(pool)}>{pool.name}</Menu.Item>
          ))}
        </ScrollArea.Autosize>
      </Menu.Dropdown>
    </Menu>
  );
}
