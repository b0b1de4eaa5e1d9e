// The sidebar and bottom bar entries (spec §2 Navigation).
import type { ComponentType } from 'react';
import type { Resources } from '../../../domain/i18n/en.ts';
import { normalizePath } from '../router/paths.ts';
import { CalendarIcon, ClockIcon, HomeIcon, MailIcon, SettingsIcon, ShieldIcon, UsersIcon, type IconProps } from './icons.tsx';

export interface NavItem {
  /** The label's key under shell.nav (i18n/en.ts). */
  label: keyof Resources['shell']['nav'];
  href: string;
  icon: ComponentType<IconProps>;
  /** Other paths on which this item counts as active. */
  alsoActiveOn?: string[];
}

export const MAIN_NAV: NavItem[] = [
  { label: 'dashboard', href: '/app', icon: HomeIcon },
  { label: 'people', href: '/app/people', icon: UsersIcon, alsoActiveOn: ['/app/talent-pools', '/app/candidates'] },
  { label: 'communications', href: '/app/communications', icon: MailIcon },
  { label: 'settings', href: '/app/settings', icon: SettingsIcon },
];

/** Not in the spec's Main group (which stays as it is): meetings and the recruiter's booking settings. */
export const SCHEDULING_NAV: NavItem[] = [
  { label: 'meetings', href: '/app/meetings', icon: CalendarIcon },
  { label: 'meetingBooking', href: '/app/meeting-booking', icon: ClockIcon },
];

export const ADMIN_NAV: NavItem[] = [
  { label: 'adminPortal', href: '/app/admin', icon: ShieldIcon },
];

/** The mobile bottom bar: exactly these 4. */
export const BOTTOM_BAR_NAV: NavItem[] = MAIN_NAV;

export function isActive(item: NavItem, pathname: string): boolean {
  const path = normalizePath(pathname);
  if (item.href === '/app') return path === '/app';
  return [item.href, ...(item.alsoActiveOn ?? [])]
    .some((href) => path === href || path.startsWith(href + '/'));
}
