// Links to any URL by href (e.g. '/app/people?candidate=12'): a plain left
// click on an /app URL navigates without a page load, and hovering or focusing
// it fetches that page's code; modified clicks (new tab), other targets and
// other URLs are left to the browser.
import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { isAppPath, navigate, preload } from './navigate.ts';

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

/** The props that make an <a> (or Mantine `component="a"`) an app link. */
export function appLinkProps(to: string) {
  return { href: to, onClick: linkClickHandler(to), onMouseEnter: () => preload(to), onFocus: () => preload(to) };
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
}

export function Link({ to, onClick, onMouseEnter, onFocus, children, ...rest }: LinkProps) {
  return (
    <a
      href={to}
      onClick={linkClickHandler(to, onClick)}
      onMouseEnter={(event) => { onMouseEnter?.(event); preload(to); }}
      onFocus={(event) => { onFocus?.(event); preload(to); }}
      {...rest}
    >
      {children}
    </a>
  );
}
