// The built-in sentiment classifier for candidates' replies in English, Dutch,
// German and French: phrase and word weights, negation that flips the rest of
// its clause ("not interested", "geen interesse", "niet slecht", "pas pour
// moi"), and "but"/"maar"/"aber"/"mais" making the part after it count more.
// A typo in a strong word ("intrested", "fantastc") still counts; a sign-off
// ("Cheers,\nTom") does not. Auto-replies (auto-reply.ts), bounces and "wrong
// person" answers are 'other'. A request to be removed is read by opt-out.ts,
// deterministically: consent must never hang on a model. Give it only the
// candidate's own text (domain/mail/reply-text.ts).
import { detectAutoReply, type AutoReplyHeaders } from './auto-reply.ts';
import { detectOptOut, type OptOutVerdict } from './opt-out.ts';
import { normalise, typoReader } from './text.ts';
import { CONTRAST, INTENSIFIERS, NEGATORS, PHRASES, SUBSCRIPTION_WORDS, TRAILING_NEGATORS, WORDS } from './sentiment-lexicon.ts';

import type { Sentiment } from './schemas.ts';

export { normalise };
export type { Sentiment };

export interface SentimentResult {
  sentiment: Sentiment;
  score: number;
  /** The reply asks to stop mailing: email consent is withdrawn. */
  removalRequested: boolean;
  /** 'review': it may be a request to stop; a recruiter decides ("May want to opt out: review"). */
  optOut: OptOutVerdict;
  autoReply: boolean;
  /** YYYY-MM-DD, when an auto-reply states when its sender is back. */
  autoReplyUntil: string | null;
}

export interface ReplyContext {
  subject?: string | null;
  /** A subject the candidate wrote themselves (not "Re: <ours>"): read for an opt-out too ("Unsubscribe"). */
  ownSubject?: string | null;
  headers?: AutoReplyHeaders;
  receivedAt?: Date | null;
}

// Not the candidate's answer to us: bounces, "wrong person", "no longer works here".
const NOT_AN_ANSWER = [
  /\b(left|no longer (at|with|working (at|for|with))) (the|this|our) (company|organi[sz]ation|firm)\b/, /\bupdate your records\b/,
  /\bdelivery status notification\b/, /\bundeliverable\b/, /\b(wasn't|was not|couldn't be|could not be|not) delivered\b/,
  /\baddress (couldn't|could not) be found\b/, /\baddress not found\b/, /(?<!\bmy )\bmailbox (unavailable|full|is full)\b/, /\bdelivery (has )?failed\b/,
  /\bno longer (works? (here|at|for)|with the company|in use|monitored|exists|active|read)\b/,
  /\bwrong (person|address|e-?mail|email address|recipient|contact)\b/, /\bnot the right (person|contact)\b/, /\bniet de juiste (persoon|contactpersoon)\b/, /\bwrong \w+\b.*\b(i'm not|i am not|i've never|never worked|you mean|colleague)\b/,
  /\b(have|has) left\b(?! you| a | an | my | it\b).*\b(contact|questions)\b/, /\bniet meer (gelezen|gecontroleerd|bekeken)\b/, /\bnicht mehr gelesen\b/, /\breturning message to sender\b/,
  /\bniet meer in gebruik\b/, /\bwerkt (?:hier|daar|er|bij \w+)\b(?: \w+){0,4} niet meer\b/, /\barbeitet (?:hier|dort|bei \w+)\b(?: \w+){0,4} nicht mehr\b/, /\bne travaille plus (?:ici|chez|dans|avec)\b/,
  /\b(?:doesn't|does not) work (?:here|there|at|for)\b.{0,40}\bany ?more\b/, /\bn'est plus (?:chez|dans|avec)\b/, /\bist nicht mehr (?:bei|im|in)\b/, /\bniet (afgeleverd|bezorgd)\b/, /\bkon niet worden (afgeleverd|bezorgd)\b/, /\bonbestelbaar\b/,
  /\b(?:heeft|hebt|heb je|hebben jullie|have|got|haben sie|hast du|avez|as) (?:de|het|the|den|die|le|la) (?:verkeerde|wrong|falsche[n]?|mauvaise?)\b/, /\b(?:verkeerde|wrong|falsche[n]?|mauvaise?)\b.{0,40}\b(?:ik ben geen|ik ben niet|i'm not a|i am not a|ich bin kein|ich bin nicht|je ne suis pas)\b/,
  /\bverkeerde (persoon|\w+)\b.*\b(gemaild|bedoelt)\b/, /\bverkeerde persoon\b/, /\b(werkt|ben) hier niet meer\b/, /\bwerkt niet meer bij\b/,
  /\bniet meer werkzaam\b/, /\buit dienst\b/, /\bbestaat niet meer\b/, /\bnicht (mehr )?zugestellt\b/, /\bunzustellbar\b/,
  /\bnicht mehr (im unternehmen|bei uns|tatig)\b/, /\bne fait plus partie\b/, /\bn'a pas pu etre (remis|distribue)\b/,
];

// "Please don't remove me, I'm just busy": keeping the door open, not interest.
const JUST_BUSY = /\b(?:busy|druk|geen tijd|wenig zeit|keine zeit|occupee?|pas le temps)\b/;

const PHRASE_TOKENS = PHRASES.map(([phrase, weight, kind]) => ({ tokens: phrase.split(' '), weight, kind }))
  .sort((a, b) => b.tokens.length - a.tokens.length);
const PUNCTUATION = /^[.!?;:,\n]$/;
const PLEASANTRIES = new Set(['thanks', 'thank', 'cheers', 'bedankt', 'dank', 'danke', 'merci']);
// A word of 7+ letters one typo from a weighted word counts as that word ("intrested", "geintereseerd").
const PHRASE_WORDS = new Set(PHRASES.flatMap(([phrase]) => phrase.split(' ')));
const mendTypo = typoReader(Object.keys(WORDS), [...PHRASE_WORDS, 'interests', 'pleaser', 'relevance', 'mailing']);
// "Cheers,\nTom", "Groet, Jan", "Mit freundlichen Grüßen\nAnna Schmidt": a sign-off says nothing about interest.
const CLOSING = String.raw`(?:cheers|best|best wishes|thanks|thank you|many thanks|regards|kind regards|best regards|warm regards|groet|groeten|groetjes|gr|mvg|met vriendelijke groet(?:en)?|vriendelijke groet(?:en)?|hartelijke groet(?:en)?|lg|vg|liebe grusse|viele grusse|beste grusse|mit freundlichen grussen|mfg|gruss|grusse|cordialement|bien a vous|bien cordialement|salutations|bisous|a bientot|bedankt|danke|merci)`;
const SIGN_OFF = new RegExp(String.raw`\n\s*(?:${CLOSING}[,!.]?\s*(?:\n[^\n]{0,40}){0,3}|(?:groet|groeten|gr|mvg|regards|cheers|best|gruss|grusse|lg|vg|cordialement),? [\w.'-]+(?: [\w.'-]+)?)\s*$`);

function tokens(text: string): string[] {
  // A single line break is mail-client wrapping, not the end of a clause; a blank line is.
  const unwrapped = normalise(text).replace(SIGN_OFF, '').replace(/([^\n])\n(?!\n)/g, '$1 ');
  return (unwrapped.replace(/\s[—–-]\s/g, ', ').match(/[a-z0-9]+(?:'[a-z]+)?|[.!?;:,\n]/g) ?? []).map((token) => (WORDS[token] === undefined ? mendTypo(token) : token));
}

/** For each token: is its clause a question? Words in a question ("is it open to contractors?") count for little. */
function questionMarks(list: string[]): boolean[] {
  const marks = new Array<boolean>(list.length).fill(false);
  let end = list.length;
  for (let i = list.length - 1; i >= 0; i--) {
    if (PUNCTUATION.test(list[i])) end = i;
    marks[i] = list[end] === '?';
  }
  return marks;
}

/**
 * The polarity score of a reply: > 0 positive, < 0 negative. `withoutSubscriptionWords`: when the reply
 * is no opt-out, "afmelden" (voor het webinar) or "unsubscribed" (from LinkedIn) carry no weight.
 */
export function sentimentScore(text: string, withoutSubscriptionWords = false): number {
  const list = tokens(text).filter((token) => !(withoutSubscriptionWords && SUBSCRIPTION_WORDS.has(token)));
  const inQuestion = questionMarks(list);
  let before = 0; // terms before the last "but": they count for half
  let after = 0;
  let negated = false;
  let boost = 1;
  let onlyThanksAfter = false; // all that follows "but" is a "thanks"
  for (let i = 0; i < list.length;) {
    const token = list[i];
    if (PUNCTUATION.test(token)) { negated = false; boost = 1; i++; continue; }
    // "…, though." at the end of a clause is no turn.
    if (CONTRAST.has(token) && i + 1 < list.length && !PUNCTUATION.test(list[i + 1])) {
      before = (before + after) * 0.5; after = 0; onlyThanksAfter = false; negated = false; i++; continue;
    }
    const phrase = PHRASE_TOKENS.find((p) => p.tokens.every((t, k) => list[i + k] === t));
    let weight: number | undefined;
    let kind: 'fixed' | 'ask' | undefined;
    const at = i;
    if (phrase) { weight = phrase.weight; kind = phrase.kind; i += phrase.tokens.length; } else {
      // A bare "no." or "nee," is a refusal; before a word it negates that word.
      if (NEGATORS.has(token) && !(WORDS[token] !== undefined && (i + 1 >= list.length || PUNCTUATION.test(list[i + 1])))) {
        negated = true; i++; continue;
      }
      if (INTENSIFIERS.has(token) && WORDS[token] === undefined) { boost = 1.3; i++; continue; }
      weight = WORDS[token];
      i++;
    }
    if (weight === undefined) continue;
    // "not looking for a new challenge": the rest of the clause is inside the refusal.
    if (kind === 'fixed' && weight < 0) negated = true;
    if (kind !== 'fixed') {
      // "dit past niet", "das passt nicht": the negation follows the verb.
      const trailing = weight > 0 && list.slice(i, i + 3).findIndex((t) => PUNCTUATION.test(t) || TRAILING_NEGATORS.has(t));
      const flipped = negated !== (trailing !== false && trailing >= 0 && TRAILING_NEGATORS.has(list[i + trailing]));
      // "not interested" is as negative as "interested" is positive; "not bad" is only mildly positive.
      if (flipped) weight = weight > 0 ? -weight : -weight * 0.6;
      if (inQuestion[at] && kind !== 'ask') weight *= 0.3;
    }
    onlyThanksAfter = (after === 0 || onlyThanksAfter) && PLEASANTRIES.has(token) && before !== 0;
    after += weight * boost;
    boost = 1;
  }
  // "Not looking, but thanks!": a closing thanks is no turn.
  if (onlyThanksAfter) return before * 2 + after;
  return before + after * (before !== 0 ? 1.5 : 1);
}

/** Whether the reply asks to stop mailing (opt-out.ts 'yes'). */
export function detectRemovalRequest(text: string): boolean {
  return detectOptOut(text).verdict === 'yes';
}

export function classifySentiment(text: string, context: ReplyContext = {}): SentimentResult {
  const auto = detectAutoReply({ text, ...context });
  const reading = detectOptOut(context.ownSubject ? `${context.ownSubject}\n${text}` : text);
  let optOut = reading.verdict;
  // An auto-reply never withdraws consent (issue 28): its "unsubscribe" (a newsletter's footer, a note it carries) is for a
  // recruiter to review. A person's "I'm away until May, remove me anyway" is no auto-reply (auto-reply.ts), and does.
  if (optOut === 'yes' && auto.autoReply) optOut = 'review';
  const autoReply = auto.autoReply;
  const base = { optOut, removalRequested: optOut === 'yes', autoReply, autoReplyUntil: autoReply ? auto.returnDate : null };
  if (autoReply || (optOut !== 'yes' && NOT_AN_ANSWER.some((pattern) => pattern.test(normalise(text))))) return { ...base, sentiment: 'other', score: 0 };
  // "Maybe take me off for now?" leans out; "please don't unsubscribe me" leans in.
  const lean = (optOut === 'review' && reading.leaning ? -1.5 : 0) + (reading.refused && !JUST_BUSY.test(normalise(text)) ? 1.5 : 0);
  const score = Math.round((sentimentScore(text, optOut === 'no') + lean) * 100) / 100;
  if (optOut === 'yes') return { ...base, sentiment: 'negative', score: Math.min(score, -2) };
  const sentiment: Sentiment = score >= 1 ? 'positive' : score <= -1 ? 'negative' : 'neutral';
  return { ...base, sentiment, score };
}
