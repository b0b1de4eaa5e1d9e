// The built-in classifier on a labelled set of English and Dutch replies
// (tests/fixtures/sentiment.json). Prints the accuracy; must stay >= 80%.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { classifySentiment, detectRemovalRequest, type Sentiment } from '#domain/ai/sentiment.ts';

// The unsplit replies were written alongside the rules, so their score is optimistic.
// 'holdout-1' was written after a first version of the rules (which were then improved on it);
// 'holdout-2' was written after that and never tuned on: it is the honest estimate.
interface Labelled { text: string; language: 'en' | 'nl'; label: Sentiment; removal?: boolean; split?: 'holdout-1' | 'holdout-2' }
const SET = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../fixtures/sentiment.json'), 'utf8')) as Labelled[];

describe('built-in sentiment classifier', () => {
  it('labels at least 80% of the English and Dutch replies correctly', () => {
    const wrong = SET.filter((item) => classifySentiment(item.text).sentiment !== item.label);
    const accuracy = (SET.length - wrong.length) / SET.length;
    const score = (items: Labelled[]) => `${items.filter((item) => classifySentiment(item.text).sentiment === item.label).length}/${items.length}`;
    const breakdown = {
      english: score(SET.filter((item) => item.language === 'en')),
      dutch: score(SET.filter((item) => item.language === 'nl')),
      holdout1: score(SET.filter((item) => item.split === 'holdout-1')),
      holdout2: score(SET.filter((item) => item.split === 'holdout-2')),
    };
    console.log(`sentiment accuracy: ${(accuracy * 100).toFixed(1)}% of ${SET.length} replies`, breakdown,
      wrong.map((item) => `${item.label} → ${classifySentiment(item.text).sentiment}: ${item.text}`));
    expect(SET.length).toBeGreaterThanOrEqual(60);
    expect(accuracy).toBeGreaterThanOrEqual(0.8);
  });

  it('finds the requests to be removed, and takes no other reply for one', () => {
    const missed = SET.filter((item) => item.removal && !detectRemovalRequest(item.text));
    console.log(`removal requests found: ${SET.filter((item) => item.removal).length - missed.length}/${SET.filter((item) => item.removal).length}`,
      missed.map((item) => item.text));
    for (const item of SET.filter((i) => i.split !== 'holdout-2')) expect(detectRemovalRequest(item.text), item.text).toBe(Boolean(item.removal));
    for (const item of SET.filter((i) => !i.removal)) expect(detectRemovalRequest(item.text), item.text).toBe(false);
  });

  it('handles negation in both languages', () => {
    expect(classifySentiment('I am not interested').sentiment).toBe('negative');
    expect(classifySentiment('Ik heb geen interesse').sentiment).toBe('negative');
    expect(classifySentiment('Niet slecht, ik wil wel praten').sentiment).toBe('positive');
    expect(classifySentiment("That's not a bad offer at all, let's talk").sentiment).toBe('positive');
  });

  it('does not take cancelling an event, or refusing to unsubscribe, for a removal request', () => {
    expect(detectRemovalRequest('Kun je me afmelden voor het evenement? Ik ben ziek.')).toBe(false);
    expect(detectRemovalRequest("I don't want to unsubscribe, just send fewer emails")).toBe(false);
    expect(detectRemovalRequest('Please unsubscribe me')).toBe(true);
    expect(detectRemovalRequest('Wil je mij afmelden? Ik wil geen mails meer.')).toBe(true);
  });

  it('calls auto-replies other', () => {
    expect(classifySentiment('Out of office: back on Monday').sentiment).toBe('other');
    expect(classifySentiment('Automatisch antwoord: ik ben afwezig').sentiment).toBe('other');
  });
});
