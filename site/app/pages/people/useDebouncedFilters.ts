// The typed text filters (free text, skill, location) wait until typing pauses,
// so each keystroke does not cost a request; choices (pool, seniority, ...) apply at once.
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo } from 'react';
import type { CandidateFilters } from './candidateFilters.ts';

export const FILTER_DEBOUNCE_MS = 300;

export function useDebouncedFilters(filters: CandidateFilters): CandidateFilters {
  const typed = JSON.stringify([filters.q, filters.skill, filters.location]);
  const [settled] = useDebouncedValue(typed, FILTER_DEBOUNCE_MS);
  const { talentPoolId, seniority, consent, minEngagement } = filters;
  return useMemo(() => {
    const [q, skill, location] = JSON.parse(settled) as [string, string, string];
    return { q, skill, location, talentPoolId, seniority, consent, minEngagement };
  }, [settled, talentPoolId, seniority, consent, minEngagement]);
}
