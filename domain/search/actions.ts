// The palette's quick actions: matched in memory by the words typed (English
// and Dutch keywords), each an /app url of site/app/router/routeTree.tsx.
import { fold } from './fold.ts';
import type { SearchIcon, SearchResult } from './schemas.ts';

interface Action { id: string; title: string; description: string; url: string; icon: SearchIcon; keywords: string }

export const ACTIONS: Action[] = [
  { id: 'action:create-campaign', title: 'Create campaign', description: 'Start the campaign wizard',
    url: '/app/communications?action=create-campaign', icon: 'Plus',
    keywords: 'new campaign nurture announcement event follow-up followup mailing campagne nieuwe maken aanmaken' },
  { id: 'action:compose', title: 'Compose message', description: 'Send a message to a candidate or talent pool',
    url: '/app/communications?action=compose', icon: 'Mail',
    keywords: 'write send new message email mail whatsapp bericht sturen versturen schrijven nieuw' },
  { id: 'action:add-candidate', title: 'Add candidate', description: 'Create a new candidate',
    url: '/app/people?action=add-candidate', icon: 'UserPlus',
    keywords: 'new create candidate person people talent kandidaat persoon toevoegen nieuwe' },
  { id: 'action:import-csv', title: 'Import CSV', description: 'Import candidates from a CSV file',
    url: '/app/people?action=import-csv', icon: 'Upload',
    keywords: 'import csv upload file spreadsheet excel candidates bulk importeren bestand uploaden kandidaten' },
  // Candidates book their own meetings: the recruiter sends a booking link from the candidate's profile.
  { id: 'action:book-meeting', title: 'Book a meeting', description: 'Choose a candidate, then Send booking link',
    url: '/app/people', icon: 'CalendarPlus',
    keywords: 'book booking link schedule plan meeting interview call afspraak plannen inplannen boeken gesprek uitnodigen' },
  { id: 'action:meetings', title: 'Open meetings', description: 'Your calendar and booked meetings',
    url: '/app/meetings', icon: 'Calendar', keywords: 'meetings calendar agenda afspraken afspraak booking schedule gesprek' },
  { id: 'action:meeting-booking', title: 'Meeting booking', description: 'Your availability and meeting types',
    url: '/app/meeting-booking', icon: 'Calendar', keywords: 'availability meeting types booking settings hours beschikbaarheid agenda' },
];

const wordsOf = (text: string) => fold(text).split(/[^\p{L}\p{N}-]+/u).filter(Boolean);

/**
 * How well the words typed name an action: `exact` (its title), `title` (each word starts a word of the
 * title: "add cand", "compose"), `keyword` (of its other words: "bericht", "new camp"), or not at all.
 */
function matchQuality(action: Action, words: string[]): 'exact' | 'title' | 'keyword' | null {
  const title = wordsOf(action.title);
  if (words.join(' ') === title.join(' ')) return 'exact';
  if (words.every((word) => title.some((v) => v.startsWith(word)))) return 'title';
  const vocabulary = [...title, ...wordsOf(action.keywords)];
  return words.every((word) => vocabulary.some((v) => v.startsWith(word))) ? 'keyword' : null;
}

const QUALITY_ORDER = { exact: 0, title: 1, keyword: 2 } as const;

/**
 * Actions whose title or keywords start with every word typed ("new camp", "bericht", "import csv"), the best
 * named first, each with how it matched (the palette ranks an action named by its title above records).
 */
export function matchActions(q: string): Array<SearchResult & { match: 'exact' | 'title' | 'keyword' }> {
  const words = fold(q).split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  if (!words.length) return [];
  return ACTIONS.flatMap((action) => {
    const match = matchQuality(action, words);
    const { keywords: _keywords, ...shown } = action;
    return match ? [{ ...shown, type: 'action' as const, action: 'navigate' as const, match }] : [];
  }).sort((a, b) => QUALITY_ORDER[a.match] - QUALITY_ORDER[b.match]);
}
