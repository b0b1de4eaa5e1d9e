// The command palette's search: the query and the answer of GET /api/search.
import { z } from 'zod';
import { msg } from '../i18n/codes.ts';

export const searchQuerySchema = z.object({
  q: z.string({ error: msg('validation.required', { field: 'q' }) }).trim().min(2, msg('validation.at_least_characters', { field: 'q', limit: 2 }))
    .max(100, msg('validation.at_most_characters', { field: 'q', limit: 100 })),
});

// ---- Answers ----

/** The icons a result may name (the palette draws each; spec §3). */
export const SEARCH_ICONS = [
  'User', 'Users', 'Mail', 'FileText', 'Plus', 'UserPlus', 'Upload', 'Calendar', 'CalendarClock', 'CalendarPlus', 'Search', 'Command',
] as const;
export type SearchIcon = typeof SEARCH_ICONS[number];

export const SEARCH_RESULT_TYPES = ['candidate', 'pool', 'campaign', 'template', 'meeting', 'action'] as const;

/** One result (spec §3 "Search result"); `id` is "<type>:<id>", unique in one answer. */
export const searchResultSchema = z.object({
  id: z.string(),
  type: z.enum(SEARCH_RESULT_TYPES),
  title: z.string(),
  subtitle: z.string().optional(),
  description: z.string().optional(),
  /** Where choosing it goes: an /app path. */
  url: z.string(),
  action: z.literal('navigate'),
  icon: z.enum(SEARCH_ICONS),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

/** Candidates first, then talent pools, campaigns, templates and meetings, then actions. */
export const searchResultsSchema = z.array(searchResultSchema);
