// A chunk's loader that also brings the rest of the English catalogue (i18n.ts loadEnglish), fetched beside
// the chunk rather than after it: the pages after the first, and the dialogs the shell defers (decision 044).
import { loadEnglish } from './i18n.ts';

export function withEnglish<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadEnglish()]).then(([loaded]) => loaded);
}
