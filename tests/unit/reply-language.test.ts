// The language a candidate writes in (issue 29): placeholders.ts clearLanguage, the one detector of Dutch and
// English (a campaign without a language goes by it too), on replies as candidates write them. It answers
// only when the text is clearly one of the two: short, mixed, German or French text leaves it unknown.
import { describe, expect, it } from 'vitest';
import { clearLanguage, detectLanguage } from '#domain/placeholders/placeholders.ts';

describe('the language of a reply', () => {
  it.each([
    'Ja graag, wanneer kan ik bellen?',
    'Ja, dat klinkt goed. Wanneer schikt het?',
    'Nee, dank je.',
    'Hallo Rita, ik ben zeker geïnteresseerd in de functie. Groet, Jan',
    'Hoi! Helaas heb ik op dit moment geen interesse, maar misschien later.',
    'Bedankt voor je bericht. Volgende week heb ik tijd voor een gesprek.',
  ])('Dutch: %s', (text) => {
    expect(clearLanguage(text)).toBe('dutch');
  });

  it.each([
    "Yes, I'm interested. When can we talk?",
    'Sounds great, thanks!',
    'Thanks, that works for me. Talk tomorrow.',
    'Hi Rita, I am definitely interested in the role. Best, John',
    "Unfortunately I'm not looking right now, but please keep me in mind.",
  ])('English: %s', (text) => {
    expect(clearLanguage(text)).toBe('english');
  });

  it.each([
    ['too short to tell', 'Bedankt!'],
    ['too short to tell', 'Graag!'],
    ['too short to tell', 'Ok'],
    ['no words at all', '👍'],
    ['mixed', 'Hoi, de rol is leuk and you will like het team'],
    ['German', 'Ja, ich bin sehr interessiert. Wann können wir sprechen?'],
    ['French ("je" and "en" are Dutch words too)', 'Je suis disponible demain, et je voudrais en parler avec vous.'],
  ])('unknown when %s: %s', (_why, text) => {
    expect(clearLanguage(text)).toBeNull();
  });

  it('is the same answer every time, whatever the case', () => {
    expect(clearLanguage('JA GRAAG, WANNEER KAN IK BELLEN?')).toBe('dutch');
    expect(clearLanguage('Ja graag, wanneer kan ik bellen?')).toBe(clearLanguage('Ja graag, wanneer kan ik bellen?'));
  });

  it('detectLanguage, the tie-break of a message\'s footer, agrees where the reply is clear', () => {
    expect(detectLanguage('Ja graag, wanneer kan ik bellen?')).toBe('dutch');
    expect(detectLanguage('Sounds great, thanks!')).toBe('english');
  });
});
