// The built-in sentiment classifier for candidates' replies, English and Dutch:
// phrase and word weights, negation that flips the rest of its clause ("not
// interested", "geen interesse", "niet slecht"), and "but"/"maar" making the
// part after it count more. Auto-replies and bounces are 'other'. A request to
// be removed is detected here too, deterministically: consent must never hang
// on a model's mood.

export type Sentiment = 'positive' | 'negative' | 'neutral' | 'other';

export interface SentimentResult {
  sentiment: Sentiment;
  score: number;
  removalRequested: boolean;
}

/** Lower case, no accents (geïnteresseerd → geinteresseerd), straight apostrophes. */
export function normalise(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[’‘`]/g, "'").toLowerCase();
}

const AUTOMATED = [
  /\bout[- ]of[- ](the[- ])?office\b/, /\b(left|no longer (at|with)) the company\b/, /\bupdate your records\b/, /\bautomatic reply\b/, /\bauto-?reply\b/, /\baway from (the )?office\b/,
  /\bon (parental|maternity|paternity|annual|sick) leave\b/, /\blimited access to (my )?e-?mail\b/,
  /\bdelivery status notification\b/, /\bundeliverable\b/, /\bwasn't delivered\b/, /\baddress (couldn't|could not) be found\b/,
  /\baddress not found\b/, /\bmailbox (unavailable|full)\b/, /\bno longer (works? here|with the company|in use)\b/, /\bwrong person\b/,
  /\bafwezig\b/, /\bautomatisch antwoord\b/, /\bbeperkte? toegang\b/, /\b(zwangerschaps|ouderschaps|vakantie)verlof\b/,
  /\bniet meer in gebruik\b/, /\bniet afgeleverd\b/, /\bonbestelbaar\b/, /\bverkeerde persoon\b/, /\b(werkt|ben) hier niet meer\b/,
  /\bwerkt niet meer bij\b/, /\bniet meer werkzaam\b/, /\buit dienst\b/, /\bmet vakantie\b.*\b(lees|beantwoord)\b/,
];

const REMOVAL = [
  /\bunsubscribe\b/, /\bopt(-| )?out\b/, /\bremove me\b/, /\btake me off\b/, /\bleave me alone\b/,
  /\b(stop|quit) (emailing|e-mailing|mailing|contacting|messaging|sending|spamming)\b/,
  /\b(don't|do not|never) (contact|email|e-mail|mail|message|text) me\b/, /\bno more (e-?mails|mails|messages)\b/,
  /\b(don't|do not|never) send me (any ?more|anything|these|more)\b/, /\bany ?more (e-?mails|mails|messages) (like this|from you)\b/,
  /\b(delete|remove|erase) my (data|details|information|email|e-mail|address|profile)\b/,
  // "afmelden voor het evenement" is cancelling an event, not leaving the list.
  /\buitschrijven\b/, /\bschrijf (me|mij) uit\b/,
  /\b(afmelden|meld (me|mij) af)\b(?! voor (het|de|deze|dit) (event|evenement|bijeenkomst|meetup|webinar|sessie|workshop))/,
  /\bverwijder (me|mij|mijn (gegevens|e-?mailadres|adres|data|profiel))\b/, /\bhaal (me|mij) (van|uit)\b/,
  /\bniet meer (mailen|e-?mailen|benaderen|contacteren|sturen|berichten|lastigvallen)\b/,
  /\bgeen (e-?mails|mails|berichten) meer\b/, /\bstop met (het )?(sturen|mailen|e-?mailen|benaderen|spammen)\b/,
  /\blaat (me|mij) met rust\b/,
];

// "I don't want to unsubscribe" is not a request to be removed.
const REMOVAL_GUARD = /\b(don't|do not|no need to|won't|niet|hoef (me|mij)?\s*niet)\s+(want to |wish to |need to |te )?$/;

export function detectRemovalRequest(text: string): boolean {
  const t = normalise(text);
  return REMOVAL.some((pattern) => {
    const match = pattern.exec(t);
    return match !== null && !REMOVAL_GUARD.test(t.slice(Math.max(0, match.index - 24), match.index));
  });
}

// Weighted phrases (matched before single words). `fixed` phrases already
// contain their own negation and are never flipped again.
const PHRASES: Array<[string, number, boolean?]> = [
  // English
  ['no thanks', -2, true], ['no thank you', -2, true], ["wouldn't say no", 2, true], ['would not say no', 2, true],
  ['why not', 1.5, true], ['no problem', 1, true], ['not looking', -2, true], ['not for me', -2, true],
  ["won't work", -2, true], ["doesn't work for me", -2, true], ['not the right time', -1.5, true],
  ['happy in my current', -2, true], ['happy with my current', -2, true], ['happy where i am', -2, true], ['staying put', -2, true],
  ['another offer', -2], ['accepted an offer', -2], ['found a new job', -2], ['found another job', -2],
  ['zero interest', -2, true], ['not in a position', -1.5, true], ['not something for me', -2, true],
  ["i'll pass", -2], ['i will pass', -2], ['pass on this', -2], ['too low', -2], ['too far', -1.5],
  ['count me in', 2], ['looking forward', 2], ['works for me', 1.5], ['open to', 1.5], ['call me', 1], ['can we talk', 1],
  ["i'll be there", 1.5], ['i will be there', 1.5], ["let's talk", 1], ["let's chat", 1], ["let's meet", 1], ["let's set up", 1],
  ["let's do it", 1.5], ['calendar invite', 1], ['thinking about a move', 1], ['tell me more', 0.5],
  // Dutch
  ['nee dank je', -2, true], ['nee dankje', -2, true], ['nee dank u', -2, true], ['waarom niet', 1.5, true], ['geen probleem', 1, true],
  ['geen bezwaar', 1, true], ['niet op zoek', -2, true], ['zoek niets', -2, true], ['zoek niks', -2, true],
  ['tevreden met mijn huidige', -2, true], ['blijf liever', -2, true], ['zit goed', -2, true], ['pas ik', -1.5], ['ik pas', -1.5],
  ['niet iets voor mij', -2, true], ['niets voor mij', -2, true], ['niet voor mij', -2, true], ['klinkt goed', 1.5],
  ['wil wel', 1], ['stuur maar', 0.5],
  ['zie ervan af', -2], ['zie er vanaf', -2], ['andere baan', -2], ['te laag', -2], ['gek van', -2],
  ['oren naar', 2], ['kijk ernaar uit', 2], ['kijk er naar uit', 2], ['sta open', 1.5], ['ben erbij', 1.5],
  ['bij mij past', 1.5], ['bij me past', 1.5], ['bel me', 1], ['plan maar', 1], ['hoor graag', 1],
];

const WORDS: Record<string, number> = {
  // English
  interested: 2, interest: 1.5, interesting: 1.5, talk: 0.5, love: 2, great: 2, awesome: 2, excellent: 2, fantastic: 2, amazing: 2, perfect: 2,
  exciting: 2, excited: 2, keen: 2, happy: 1.5, glad: 1.5, sure: 1, yes: 1.5, yeah: 1, absolutely: 2, definitely: 1,
  good: 1, nice: 1, kind: 1, thanks: 0.5, thank: 0.5, appreciate: 1, fit: 1, open: 1, wishlist: 1, opportunities: 0.5,
  meeting: 0.5, bad: -1.5, terrible: -2, awful: -2, spam: -2, annoying: -2, annoyed: -2, unfortunately: -1, sorry: -0.5,
  // Dutch
  leuk: 1.5, interessant: 1.5, geinteresseerd: 2, interesse: 2, graag: 1, ja: 1.5, goed: 1, super: 2, top: 2, prima: 1.5,
  mooi: 1.5, mooie: 1.5, kans: 0.5, bedankt: 0.5, dank: 0.5, zeker: 1, enthousiast: 2, geweldig: 2, fijn: 1.5, past: 1,
  tof: 2, benieuwd: 1, uitnodiging: 0.5, praten: 0.5, beschikbaar: 0.5, uitdagend: 1.5, uitdagende: 1.5, best: 0.5, afspraak: 0.5, bellen: 0.5, nee: -1.5, slecht: -1.5, jammer: -1, helaas: -1,
  irritant: -2, vervelend: -1.5,
};

const NEGATORS = new Set(['not', 'no', 'never', "don't", 'dont', "doesn't", "didn't", "isn't", "aren't", "wasn't", "weren't",
  "won't", "wouldn't", "can't", 'cannot', "couldn't", "shouldn't", 'hardly', 'nothing', 'neither', 'nor',
  'niet', 'geen', 'nooit', 'niets', 'niks', 'nergens', 'noch']);
const CONTRAST = new Set(['but', 'however', 'though', 'although', 'maar', 'echter', 'alleen']);
const INTENSIFIERS = new Set(['very', 'really', 'so', 'extremely', 'zeer', 'erg', 'heel', 'echt', 'super']);

const PHRASE_TOKENS = PHRASES.map(([phrase, weight, fixed]) => ({ tokens: phrase.split(' '), weight, fixed: Boolean(fixed) }))
  .sort((a, b) => b.tokens.length - a.tokens.length);

function tokens(text: string): string[] {
  // A single line break is mail-client wrapping, not the end of a clause; a blank line is.
  const unwrapped = normalise(text).replace(/([^\n])\n(?!\n)/g, '$1 ');
  return unwrapped.match(/[a-z0-9]+(?:'[a-z]+)?|[.!?;:,\n]/g) ?? [];
}

/** The polarity score of a reply: > 0 positive, < 0 negative. */
export function sentimentScore(text: string): number {
  const list = tokens(text);
  let before = 0; // terms before the last "but": they count for half
  let after = 0;
  let negated = false;
  let boost = 1;
  for (let i = 0; i < list.length;) {
    const token = list[i];
    if (/^[.!?;:,\n]$/.test(token)) { negated = false; boost = 1; i++; continue; }
    if (CONTRAST.has(token)) { before = (before + after) * 0.5; after = 0; negated = false; i++; continue; }
    const phrase = PHRASE_TOKENS.find((p) => p.tokens.every((t, k) => list[i + k] === t));
    let weight: number | undefined;
    let fixed = false;
    if (phrase) { weight = phrase.weight; fixed = phrase.fixed; i += phrase.tokens.length; } else {
      if (NEGATORS.has(token)) { negated = true; i++; continue; }
      if (INTENSIFIERS.has(token) && WORDS[token] === undefined) { boost = 1.3; i++; continue; }
      weight = WORDS[token];
      i++;
    }
    if (weight === undefined) continue;
    // "not interested" is as negative as "interested" is positive; "not bad" is only mildly positive.
    if (negated && !fixed) weight = weight > 0 ? -weight : -weight * 0.6;
    after += weight * boost;
    boost = 1;
  }
  return before + after * (before !== 0 ? 1.5 : 1);
}

export function classifySentiment(text: string): SentimentResult {
  const removalRequested = detectRemovalRequest(text);
  const t = normalise(text);
  if (!removalRequested && AUTOMATED.some((pattern) => pattern.test(t))) return { sentiment: 'other', score: 0, removalRequested };
  const score = Math.round(sentimentScore(text) * 100) / 100;
  if (removalRequested) return { sentiment: 'negative', score: Math.min(score, -2), removalRequested };
  const sentiment: Sentiment = score >= 1 ? 'positive' : score <= -1 ? 'negative' : 'neutral';
  return { sentiment, score, removalRequested };
}
