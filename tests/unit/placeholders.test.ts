// The placeholder module (domain/placeholders/placeholders.ts, decision 033): the one personalise that
// compose (messages) and sequences (campaigns) fill a recipient's text with, the send-time values both
// read, and the one {{…}} pattern the drafter and the AI draft's blanks use.
import { describe, expect, it } from 'vitest';
import {
  personalise, placeholdersIn, replacePlaceholders, sendTimeValues, unfilledContextPlaceholders, usesBookingLink,
} from '#domain/placeholders/placeholders.ts';

const sam = { name: 'Sam Jansen', title: 'Talent Partner', signature: null };
const acme = { companyName: 'Acme Talent', signature: 'Acme Talent · Herengracht 1' };

describe('send-time values', () => {
  it('the sender\'s name, their block (else the company name) and the company name when the organisation has one', () => {
    expect(sendTimeValues(sam, acme)).toEqual({
      recruiterName: 'Sam Jansen', signature: 'Sam Jansen\nTalent Partner\nAcme Talent · Herengracht 1', company: 'Acme Talent',
    });
    expect(sendTimeValues({ name: null, title: null, signature: null }, { companyName: ' Acme ', signature: null }))
      .toEqual({ recruiterName: null, signature: 'Acme', company: 'Acme' });
    expect(sendTimeValues(sam, { companyName: '  ', signature: null })).toMatchObject({ company: null });
  });
});

describe('personalise', () => {
  const text = 'Hi {{firstName}}, a {{jobFunction}} role at {{company}}. Book: {{ bookingLink }}\n{{signature}} {{eventName}}';

  it('fills the recipient\'s own values in the language asked, the send-time values and their booking link; leaves a blank', () => {
    const filled = personalise(text, { name: 'Femke Visser', jobFunction: null }, 'dutch', sendTimeValues(sam, acme), 'https://x.test/book/t');
    expect(filled).toBe('Hi Femke, a professional in je vakgebied role at Acme Talent. Book: https://x.test/book/t\n'
      + 'Sam Jansen\nTalent Partner\nAcme Talent · Herengracht 1 {{eventName}}');
    expect(placeholdersIn(filled)).toEqual(['eventName']);
  });

  it('leaves {{company}} and {{bookingLink}} as written when nothing fills them', () => {
    const filled = personalise(text, { name: 'Femke Visser' }, 'english', sendTimeValues(sam, { companyName: null, signature: null }));
    expect(placeholdersIn(filled)).toEqual(['company', 'bookingLink', 'eventName']);
    expect(usesBookingLink(text)).toBe(true);
  });
});

describe('the {{…}} pattern, once', () => {
  it('is a name starting with a letter, spaces allowed inside the braces', () => {
    expect(placeholdersIn('{{ a_1 }} {{1}} {{_x}} {{b}} {{a_1}}')).toEqual(['a_1', 'b']);
    expect(replacePlaceholders('{{ a }} {{b}}', (name) => (name === 'a' ? 'A' : undefined))).toBe('A {{b}}');
    expect(unfilledContextPlaceholders('Hi {{firstName}}, {{jobTitle}} at {{company}}')).toEqual(['jobTitle', 'company']);
  });
});
