import { useLayoutEffect } from 'react';
import { navigate } from './history.ts';

/** Replaces the current URL with `to` as soon as it renders. */
export function Redirect({ to }: { to: string }) {
  useLayoutEffect(() => {
    navigate(to, { replace: true });
  }, [to]);
  return null;
}
