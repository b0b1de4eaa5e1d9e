import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { navigate } from './history.ts';

/** True for links this router handles; other URLs load normally. */
export function isAppPath(to: string): boolean {
  return to === '/app' || to.startsWith('/app/') || to.startsWith('/app?');
}

/** onClick for an <a href={to}>: plain left clicks navigate without a page load. */
export function linkClickHandler(to: string, onClick?: (event: MouseEvent<HTMLAnchorElement>) => void) {
  return (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    const target = event.currentTarget.getAttribute('target');
    if (target && target !== '_self') return;
    if (!isAppPath(to)) return;
    event.preventDefault();
    navigate(to);
  };
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
}

export function Link({ to, onClick, ...rest }: LinkProps) {
  return <a href={to} onClick={linkClickHandler(to, onClick)} {...rest} />;
}
