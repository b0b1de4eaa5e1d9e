// Small inline stroke icons for search results (no icon package is installed);
// the names are the ones the API sends (spec §3), unknown names draw Search.
import type { ReactNode } from 'react';
import { resultIconName, type SearchIconName } from './searchResult.ts';

const PATHS: Record<SearchIconName, ReactNode> = {
  User: <><circle cx="12" cy="8" r="4" /><path d="M4 21a8 8 0 0 1 16 0" /></>,
  Mail: <><rect x="3" y="5" width="18" height="14" rx="2" /><path d="m3 7 9 6 9-6" /></>,
  FileText: <><path d="M14 3H6a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V9Z" /><path d="M14 3v6h6" /><path d="M8 13h8M8 17h6" /></>,
  Plus: <path d="M12 5v14M5 12h14" />,
  Users: <><circle cx="9" cy="8" r="4" /><path d="M2 21a7 7 0 0 1 14 0" /><path d="M16 4.1a4 4 0 0 1 0 7.8M22 21a7 7 0 0 0-4-6.3" /></>,
  UserPlus: <><circle cx="9" cy="8" r="4" /><path d="M2 21a7 7 0 0 1 14 0" /><path d="M19 8v6M16 11h6" /></>,
  Upload: <><path d="M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4" /><path d="m17 8-5-5-5 5M12 3v12" /></>,
  Calendar: <><rect x="3" y="5" width="18" height="16" rx="2" /><path d="M16 3v4M8 3v4M3 11h18" /></>,
  CalendarClock: <><path d="M21 10V7a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h5" /><path d="M16 3v4M8 3v4M3 11h7" /><circle cx="17" cy="17" r="5" /><path d="M17 15v2l1.5 1.5" /></>,
  CalendarPlus: <><rect x="3" y="5" width="18" height="16" rx="2" /><path d="M16 3v4M8 3v4M3 11h18M12 14v5M9.5 16.5h5" /></>,
  Search: <><circle cx="11" cy="11" r="7" /><path d="m21 21-4.3-4.3" /></>,
  Command: <path d="M9 6a3 3 0 1 0-3 3h12a3 3 0 1 0-3-3v12a3 3 0 1 0 3-3H6a3 3 0 1 0 3 3Z" />,
};

export function SearchResultIcon({ icon, size = 18 }: { icon: string | null | undefined; size?: number }) {
  const name = resultIconName(icon);
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2}
      strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" data-icon={name}>
      {PATHS[name]}
    </svg>
  );
}
