import { useState } from 'react';

/** True from the first render on which `value` was true, and from then on (e.g. keep a lazily loaded dialog mounted). */
export function useOnceTrue(value: boolean): boolean {
  const [seen, setSeen] = useState(value);
  if (value && !seen) setSeen(true);
  return seen || value;
}
