// The words recruiters type for a seniority level (decision 045): the levels
// themselves (the same words in Dutch: junior, medior, senior, lead), the Dutch
// word for an intern, and the usual abbreviations. Browser-safe.
import { SENIORITY_LEVELS } from '../candidates/schemas.ts';

type SeniorityLevel = typeof SENIORITY_LEVELS[number];

const ALIASES: Record<string, SeniorityLevel> = {
  stagiair: 'intern', stagiaire: 'intern', trainee: 'intern',
  jr: 'junior', jnr: 'junior',
  mid: 'medior', midlevel: 'medior',
  sr: 'senior', snr: 'senior',
  exec: 'executive',
};

/** The level a query word (lower-case, accent-free) names, if it names one. */
export function seniorityOf(word: string): SeniorityLevel | null {
  if ((SENIORITY_LEVELS as readonly string[]).includes(word)) return word as SeniorityLevel;
  return Object.hasOwn(ALIASES, word) ? ALIASES[word] : null;
}

/** Every word that names a level, with the level it names (for the dictionary lookup). */
export const SENIORITY_WORDS: Array<[string, SeniorityLevel]> = [
  ...SENIORITY_LEVELS.map((level): [string, SeniorityLevel] => [level, level]),
  ...Object.entries(ALIASES),
];
