// A button that opens a list of talent pools and reports the chosen one. A team gathers many pools, so the list
// has a search field (focused on open; accents and case do not matter) and Enter takes the first match.
import { Button, Combobox, ScrollArea, Text, useCombobox } from '@mantine/core';
import { useEffect, useState } from 'react';
import { fold } from '#domain/search/fold.ts';
import type { TalentPool } from '#domain/talent-pools/schemas.ts';
import { useT } from '#app/i18n/useT.ts';

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
  const t = useT();
  const [query, setQuery] = useState('');
  const combobox = useCombobox({
    onDropdownOpen: () => combobox.focusSearchInput(),
    onDropdownClose: () => {
      combobox.resetSelectedOption();
      combobox.focusTarget();
      setQuery('');
    },
  });
  // Once the list shows what was typed (or has opened), its first pool is the one Enter takes.
  const { dropdownOpened, selectFirstOption } = combobox;
  useEffect(() => { if (dropdownOpened) selectFirstOption(); }, [query, dropdownOpened, selectFirstOption]);
  const wanted = fold(query.trim());
  const shown = wanted ? pools.filter((pool) => fold(pool.name).includes(wanted)) : pools;
  return (
    <Combobox store={combobox} position="bottom-start" width={280} withinPortal
      onOptionSubmit={(id) => {
        const pool = pools.find((candidate) => String(candidate.id) === id);
        combobox.closeDropdown();
        if (pool) onPick(pool);
      }}>
      <Combobox.Target withAriaAttributes={false}>
        <Button size={size} variant={variant} color={color} loading={loading} disabled={pools.length === 0}
          aria-haspopup="listbox" aria-expanded={dropdownOpened} onClick={() => combobox.toggleDropdown()}>
          {label}
        </Button>
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Search value={query} aria-label={t('people.poolPicker.search')} placeholder={t('people.poolPicker.search')}
          onChange={(event) => setQuery(event.currentTarget.value)} />
        <Combobox.Options aria-label={label}>
          <ScrollArea.Autosize mah={280} type="scroll">
            {shown.map((pool) => <Combobox.Option key={pool.id} value={String(pool.id)}>{pool.name}</Combobox.Option>)}
            {shown.length === 0 && <Combobox.Empty><Text size="sm">{t('people.poolPicker.empty', { query: query.trim() })}</Text></Combobox.Empty>}
          </ScrollArea.Autosize>
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
