import { Group, Kbd, Text, UnstyledButton } from '@mantine/core';
import { useT } from '../i18n/useT.ts';
import { SearchIcon } from './icons.tsx';
import classes from './SearchButton.module.css';

export function isMacPlatform(): boolean {
  if (typeof navigator === 'undefined') return false;
  return /Mac|iPhone|iPad|iPod/i.test(navigator.platform || navigator.userAgent);
}

export function searchShortcutHint(): string {
  return isMacPlatform() ? '⌘K' : 'Ctrl+K';
}

/** Opens the command palette (wired up by a later issue; until then `onOpen` is a no-op). */
export function SearchButton({ onOpen }: { onOpen: () => void }) {
  const t = useT();
  const hint = searchShortcutHint();
  // No aria-label: the name is the visible text, "Search Ctrl+K" (axe's label-content-name-mismatch). The hint
  // is the browser's own tooltip (title): Mantine's Tooltip would bring Floating UI into the first load (decision 044).
  return (
    <UnstyledButton className={classes.button} onClick={onOpen} title={t('shell.searchTooltip', { hint })}
      aria-keyshortcuts={isMacPlatform() ? 'Meta+K' : 'Control+K'} data-testid="search-button">
      <Group gap="xs" wrap="nowrap">
        <SearchIcon size={16} />
        <Text size="sm" c="dimmed" flex={1}>{t('shell.search')}</Text>
        <Kbd size="xs">{hint}</Kbd>
      </Group>
    </UnstyledButton>
  );
}
