// One result row: icon, title, subtitle and description (spec §3).
import { Spotlight } from '@mantine/spotlight';
import { useEffect, useRef } from 'react';
import { SearchResultIcon } from './SearchResultIcon.tsx';
import type { SearchResult } from './searchResult.ts';

interface SearchResultItemProps {
  result: SearchResult;
  id: string;
  highlighted: boolean;
  onChoose: () => void;
  onPoint: () => void;
}

export function SearchResultItem({ result, id, highlighted, onChoose, onPoint }: SearchResultItemProps) {
  const ref = useRef<HTMLButtonElement>(null);
  // Keep the highlighted row visible while the keyboard moves through a long list.
  useEffect(() => {
    if (highlighted) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [highlighted]);
  // Spotlight.Action drops an `id` prop; the search field's aria-activedescendant needs one.
  useEffect(() => {
    ref.current?.setAttribute('id', id);
  }, [id]);
  const details = [result.subtitle, result.description].filter((text): text is string => !!text);
  return (
    <Spotlight.Action
      ref={ref}
      role="option"
      aria-selected={highlighted}
      data-selected={highlighted || undefined}
      data-testid="palette-result"
      label={result.title}
      description={details.length ? details.join(' · ') : undefined}
      leftSection={<SearchResultIcon icon={result.icon} />}
      // We close and clear ourselves (openSearchResult), after navigating.
      closeSpotlightOnTrigger={false}
      onClick={onChoose}
      // Mouse movement, not mouseenter: a list scrolled by the keyboard under a
      // resting pointer must not steal the highlight.
      onMouseMove={highlighted ? undefined : onPoint}
    />
  );
}
