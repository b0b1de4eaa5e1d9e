// Text normalisation shared by the reply classifiers (sentiment, opt-out, auto-reply).

/** Lower case, no accents (geïnteresseerd → geinteresseerd), straight apostrophes. */
export function normalise(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[’‘`´]/g, "'").toLowerCase()
    .replace(/ß/g, 'ss');
}

// Text-speak and chat shorthand ("pls remove from ur list thx", "no more mails plz"), read as the words they stand for.
const SHORTHAND: Record<string, string> = {
  u: 'you', ur: 'your', yr: 'your', pls: 'please', plz: 'please', plse: 'please', plox: 'please', thx: 'thanks', thnx: 'thanks',
  thanx: 'thanks', tx: 'thanks', ty: 'thank you', msg: 'message', msgs: 'messages', frm: 'from', abt: 'about', cuz: 'because',
};

/** Replaces chat shorthand by its words, on normalised text; only whole words, never inside one ("u" in "u bent" stays: Dutch). */
export function expandShorthand(text: string): string {
  return text.replace(/(?<![\w'-])(u|ur|yr|pls|plz|plse|plox|thx|thnx|thanx|tx|ty|msgs?|frm|abt|cuz)(?![\w'-])/g, (word, _w, at: number, all: string) => {
    // Dutch "u" is the polite "you" ("kunt u mij…"): read "u" as English only after an English word.
    if (word === 'u' && !/\b(?:thank|can|could|would|will|do|did|are|if|to|please|pls|plz|let|when|r|have|tell|send|remove|take|don't|stop)\s*$/.test(all.slice(Math.max(0, at - 12), at))) return word;
    return SHORTHAND[word];
  });
}

/** One typo apart: a letter added, dropped or changed, or two neighbours swapped (Damerau). */
export function oneTypoApart(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true; // changed
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2); // swapped
  }
  const [long, short] = a.length > b.length ? [a, b] : [b, a];
  return long.slice(i + 1) === short.slice(i); // added or dropped
}

/**
 * A speller for a few key words: a word of 7 letters or more, one typo away
 * from a key word and starting with the same letter, is read as that key word
 * ("unsubcribe", "uitschijven", "intrested"). Short words are left alone (too
 * many real words lie one typo apart), and so are the real words that happen
 * to lie one typo from a key word ("anmelden" is not "abmelden").
 */
export function typoReader(keys: Iterable<string>, realWords: Iterable<string> = []): (word: string) => string {
  const byLetter = new Map<string, string[]>();
  const known = new Set(realWords);
  for (const key of keys) {
    known.add(key);
    if (key.length < 7) continue;
    byLetter.set(key[0], [...(byLetter.get(key[0]) ?? []), key]);
  }
  return (word) => {
    if (word.length < 7 || known.has(word)) return word;
    return byLetter.get(word[0])?.find((key) => oneTypoApart(word, key)) ?? word;
  };
}
