// A button that opens a list of talent pools and reports the chosen one. A team gathers many pools, so the list
// has a search field (focused on open; accents and case do not matter) and Enter takes the first match. Where the
// caller can make a pool (`onCreate`), a name no pool has is offered as "Create pool".
import { Button, Combobox, ScrollArea, Text, useCombobox } from '@mantine/core';
import { useEffect, useState } from 'react';
import { fold } from '#domain/search/fold.ts';
import { POOL_NAME_MAX, type TalentPool } from '#domain/talent-pools/schemas.ts';
import { useT } from '#app/i18n/useT.ts';

/** The option that makes a pool: no pool id looks like it. */
const CREATE = 'create';

interface PoolMenuButtonProps {
  label: string;
  pools: TalentPool[];
  /** Pools not to list (the candidate is in them already); a name of theirs is still not offered as new. */
  hidden?: ReadonlySet<number>;
  onPick: (pool: TalentPool) => void;
  /** A new pool of this name (trimmed), offered when no pool has it (names are unique whatever their case). */
  onCreate?: (name: string) => void;
  loading?: boolean;
  color?: string;
  /** The bulk bar's small light button unless told otherwise (the drawer's footer). */
  size?: 'xs' | 'sm';
  variant?: 'light' | 'default';
}

export function PoolMenuButton({ label, pools, hidden, onPick, onCreate, loading, color, size = 'xs', variant = 'light' }: PoolMenuButtonProps) {
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
  const name = query.trim();
  const wanted = fold(name);
  const listed = hidden ? pools.filter((pool) => !hidden.has(pool.id)) : pools;
  const shown = wanted ? listed.filter((pool) => fold(pool.name).includes(wanted)) : listed;
  const creatable = onCreate !== undefined && name !== '' && name.length <= POOL_NAME_MAX
    && !pools.some((pool) => pool.name.toLowerCase() === name.toLowerCase());
  return (
    <Combobox store={combobox} position="bottom-start" width={280} withinPortal
      onOptionSubmit={(value) => {
        const pool = listed.find((candidate) => String(candidate.id) === value);
        combobox.closeDropdown();
        if (pool) onPick(pool);
        else if (value === CREATE && creatable) onCreate?.(name);
      }}>
      <Combobox.Target withAriaAttributes={false}>
        <Button size={size} variant={variant} color={color} loading={loading} disabled={listed.length === 0 && !onCreate}
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
            {creatable && <Combobox.Option value={CREATE} fw={500}>{t('people.poolPicker.create', { name })}</Combobox.Option>}
            {shown.length === 0 && !creatable && (
              <Combobox.Empty><Text size="sm">{name ? t('people.poolPicker.empty', { query: name }) : t('people.poolPicker.noPools')}</Text></Combobox.Empty>
            )}
          </ScrollArea.Autosize>
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
