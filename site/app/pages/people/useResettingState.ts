// State that falls back to its initial value whenever `key` changes (the page
// number and the selection start over when the filters or the sort change),
// without an effect and the extra render with stale state it would cause.
import { useState } from 'react';

export function useResettingState<T>(key: string, initial: T): [T, (value: T | ((current: T) => T)) => void] {
  const [state, setState] = useState({ key, value: initial });
  const value = state.key === key ? state.value : initial;
  const set = (next: T | ((current: T) => T)) =>
    setState((current) => {
      const base = current.key === key ? current.value : initial;
      return { key, value: typeof next === 'function' ? (next as (current: T) => T)(base) : next };
    });
  return [value, set];
}
