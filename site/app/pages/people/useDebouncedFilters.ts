// The filter fields as the user edits them, and when each change reaches the
// URL (and so the list): choices (pool, seniority, consent, engagement) at
// once, typed text (free text, skill, location) once typing pauses, so a
// keystroke costs neither a request nor a history entry. When the URL changes
// under the page (Back, Forward, a link), the fields show what it says.
import { useEffect, useRef, useState } from 'react';
import type { CandidateFilters } from './candidateFilters.ts';

export const FILTER_DEBOUNCE_MS = 300;

const keyOf = (f: CandidateFilters) =>
  JSON.stringify([f.q, f.talentPoolId, f.skill, f.seniority, f.location, f.consent, f.minEngagement]);

const typedTextDiffers = (a: CandidateFilters, b: CandidateFilters) =>
  a.q !== b.q || a.skill !== b.skill || a.location !== b.location;

/**
 * `applied`: the filters in the URL; `apply` puts filters there. Returns the
 * filters to show in the fields and the function the fields call on a change.
 */
export function useFilterDraft(
  applied: CandidateFilters,
  apply: (filters: CandidateFilters) => void,
): [CandidateFilters, (next: CandidateFilters) => void] {
  const appliedKey = keyOf(applied);
  const [draft, setDraft] = useState(applied);
  const [shownKey, setShownKey] = useState(appliedKey);
  // What this page last put in the URL: when the URL catches up with it, the fields (maybe typed further) stay.
  const [sentKey, setSentKey] = useState(appliedKey);
  if (shownKey !== appliedKey) {
    setShownKey(appliedKey);
    if (appliedKey !== sentKey) {
      setDraft(applied);
      setSentKey(appliedKey);
    }
  }

  const applyRef = useRef(apply);
  useEffect(() => { applyRef.current = apply; });
  const send = (filters: CandidateFilters) => {
    setSentKey(keyOf(filters));
    applyRef.current(filters);
  };

  const draftKey = keyOf(draft);
  useEffect(() => {
    if (draftKey === appliedKey || draftKey === sentKey) return;
    const timer = setTimeout(() => {
      setSentKey(draftKey);
      applyRef.current(draft);
    }, FILTER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, draftKey, appliedKey, sentKey]);

  const change = (next: CandidateFilters) => {
    setDraft(next);
    if (!typedTextDiffers(next, draft)) send(next);
  };
  return [draft, change];
}
