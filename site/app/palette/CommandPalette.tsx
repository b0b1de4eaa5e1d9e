// The command palette (spec §2, §4, §5, §9) on Mantine Spotlight's modal and
// list styling. Keyboard handling is ours: Spotlight's wraps around at the ends,
// the spec clamps. Its own chunk: the shell (shell/DeferredPanels.tsx) holds the
// Cmd/Ctrl+K shortcut and mounts this once the palette is first opened.
import { Group, Input, Kbd, Modal, Text, VisuallyHidden } from '@mantine/core';
import { Spotlight } from '@mantine/spotlight';
import type { KeyboardEvent } from 'react';
import { useId } from 'react';
import { useT } from '#app/i18n/useT.ts';
import { SearchResultIcon } from './SearchResultIcon.tsx';
import { SearchResultItem } from './SearchResultItem.tsx';
import { PaletteStatus, type PaletteStatusKind } from './PaletteStatus.tsx';
import { openSearchResult } from './openSearchResult.ts';
import { clampHighlight, isSearchableQuery, MAX_QUERY_LENGTH, PALETTE_INPUT_ATTRIBUTE, resultCountLabel } from './paletteLogic.ts';
import { moveHighlight, paletteStore, setHighlight, setPaletteQuery, usePaletteState } from './paletteStore.ts';
import { useSearchResults } from './useSearchResults.ts';
import type { SearchResult } from './searchResult.ts';

/** Tailwind's max-w-2xl (spec §2 "maximum dialog width 2xl"): a cap, full width below it. */
export const PALETTE_MAX_WIDTH = '42rem';
/** Tailwind's max-h-96 (spec §2 "result list maximum height 96 units"). */
export const RESULTS_MAX_HEIGHT = '24rem';

const NO_RESULTS: SearchResult[] = [];

export function CommandPalette() {
  const t = useT();
  const { opened, query, highlight } = usePaletteState();
  const search = useSearchResults(query, opened);
  const listId = `palette-results-${useId().replace(/:/g, '')}`;

  const searchable = isSearchableQuery(query);
  const results = searchable && Array.isArray(search.data) ? search.data : NO_RESULTS;
  const active = clampHighlight(highlight, 0, results.length);
  const optionId = (index: number) => `${listId}-${index}`;

  let status: PaletteStatusKind | null = null;
  if (!searchable) status = 'start';
  else if (search.isError) status = 'error';
  else if (search.isPending) status = 'searching';
  else if (results.length === 0) status = 'empty';

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      moveHighlight(event.key === 'ArrowDown' ? 1 : -1, results.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const chosen = results[active];
      if (chosen) openSearchResult(chosen);
    }
    // Escape: the modal closes itself.
  };

  return (
    <Spotlight.Root
      store={paletteStore}
      shortcut={null}
      query={query}
      clearQueryOnClose={false}
      // 42rem wide at most; below that, as wide as the screen allows (a phone): the
      // width is the size capped by the available width, never a fixed 42rem.
      size={PALETTE_MAX_WIDTH}
      styles={{ content: { maxWidth: '100%' } }}
    >
      {/* The dialog's name (it has no visible title): Modal.Title gives it aria-labelledby. */}
      <VisuallyHidden><Modal.Title>{t('palette.search')}</Modal.Title></VisuallyHidden>
      <div data-testid="command-palette">
        <Input
          size="lg"
          classNames={{ input: Spotlight.classes.search }}
          leftSection={<SearchResultIcon icon="Search" size={20} />}
          placeholder={t('palette.placeholder')}
          aria-label={t('palette.search')}
          role="combobox"
          aria-expanded={results.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={results.length ? optionId(active) : undefined}
          maxLength={MAX_QUERY_LENGTH}
          autoComplete="off"
          spellCheck={false}
          data-autofocus
          {...{ [PALETTE_INPUT_ATTRIBUTE]: true }}
          value={query}
          onChange={(event) => setPaletteQuery(event.currentTarget.value)}
          onKeyDown={onKeyDown}
        />
        {status ? (
          <PaletteStatus kind={status} error={search.error} />
        ) : (
          <Spotlight.ActionsList id={listId} role="listbox" aria-label={t('palette.results')} mah={RESULTS_MAX_HEIGHT}>
            {results.map((result, index) => (
              <SearchResultItem
                key={`${result.type}-${result.id}`}
                id={optionId(index)}
                result={result}
                highlighted={index === active}
                onChoose={() => openSearchResult(result)}
                onPoint={() => setHighlight(index)}
              />
            ))}
          </Spotlight.ActionsList>
        )}
        {searchable && !search.isPending && !search.isError && (
          <Spotlight.Footer>
            <Group justify="space-between" gap="xs">
              <Text size="xs" c="dimmed" role="status" data-testid="palette-count">{resultCountLabel(results.length)}</Text>
              <Text size="xs" c="dimmed" visibleFrom="xs">
                <Kbd size="xs">↑</Kbd> <Kbd size="xs">↓</Kbd>{t('palette.toMove')}<Kbd size="xs">Enter</Kbd>{t('palette.toOpen')}<Kbd size="xs">Esc</Kbd>{t('palette.toClose')}
              </Text>
            </Group>
          </Spotlight.Footer>
        )}
      </div>
    </Spotlight.Root>
  );
}
