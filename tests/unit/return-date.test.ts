// The return date an out-of-office states (domain/ai/return-date.ts), in the
// phrasings real auto-replies use in English, Dutch, German and French. The
// mail's date is the reference: a date without a year is its next occurrence.
import { describe, expect, it } from 'vitest';
import { returnDate } from '#domain/ai/return-date.ts';

// Friday 18 December 2026: most examples cross the new year.
const mailDate = new Date('2026-12-18T09:00:00Z');

describe('the return date of an out-of-office', () => {
  it.each([
    // English
    ['I am out of the office and back on 12 January.', '2027-01-12'],
    ['I will return on Monday 12 January.', '2027-01-12'],
    ['I will be back in the office on Tuesday, January 12th.', '2027-01-12'],
    ['I am on annual leave until 11 January 2027 with no access to email.', '2027-01-11'],
    ['I am out of office until Jan 11 and will respond upon my return.', '2027-01-11'],
    ["I'm away from 21 December, returning 4 January.", '2027-01-04'],
    ['I am on holiday from 19/12 to 03/01 inclusive.', '2027-01-03'],
    ['Out of office till 2027-01-06.', '2027-01-06'],
    ['I am currently out of the office. I will be back on the 4th of January.', '2027-01-04'],
    ['I am away from 19 December to 2 January. Back on 5 January.', '2027-01-05'],
    ['I will be out of the office through December 31st.', '2026-12-31'],
    ['Back tomorrow.', '2026-12-19'],
    // Dutch
    ['Ik ben met vakantie en terug op 12 januari.', '2027-01-12'],
    ['Ik ben afwezig tot en met 8 januari.', '2027-01-08'],
    ['Ik ben afwezig t/m 8 jan. Vanaf 11-01 ben ik weer bereikbaar.', '2027-01-11'],
    ['Vanaf 12-01 ben ik weer op kantoor.', '2027-01-12'],
    ['Ik ben er weer op maandag 11 januari.', '2027-01-11'],
    ['Wegens vakantie ben ik tot 4 januari afwezig.', '2027-01-04'],
    ['Ik ben tot en met vrijdag 8 januari 2027 met verlof.', '2027-01-08'],
    ['Maandag 4 januari ben ik weer aanwezig.', '2027-01-04'],
    // German
    ['Ich bin bis zum 12.01. nicht im Büro.', '2027-01-12'],
    ['Ich bin im Urlaub und ab dem 5. Januar wieder im Büro.', '2027-01-05'],
    ['Ich bin bis einschließlich 08.01.2027 abwesend.', '2027-01-08'],
    ['Ab Montag, 11. Januar bin ich wieder erreichbar.', '2027-01-11'],
    // French
    ['Je suis absente, de retour le 12 janvier.', '2027-01-12'],
    ["Je suis en congés jusqu'au 8 janvier inclus.", '2027-01-08'],
    ['Je serai de retour au bureau le lundi 11 janvier.', '2027-01-11'],
    ['Je suis absent du 21/12 au 04/01.', '2027-01-04'],
  ])('%s → %s', (text, date) => {
    expect(returnDate(text, mailDate)).toBe(date);
  });

  it('finds none where none is stated, or only when the absence starts', () => {
    expect(returnDate('I am out of the office with limited access to email.', mailDate)).toBeNull();
    expect(returnDate('I will be away from 21 December.', mailDate)).toBeNull();
    expect(returnDate('Ik ben vanaf 21 december afwezig.', mailDate)).toBeNull();
    expect(returnDate('Ich bin ab dem 21.12. im Urlaub.', mailDate)).toBeNull();
    expect(returnDate('Please call 020-123 4567 for urgent matters.', mailDate)).toBeNull();
  });

  it('reads a date without a year as its next occurrence from the mail\'s date, this year\'s while it lies ahead', () => {
    expect(returnDate('back on 21 December', mailDate)).toBe('2026-12-21');
    expect(returnDate('back on 18 December', mailDate)).toBe('2026-12-18');
    expect(returnDate('terug op 3 maart', mailDate)).toBe('2027-03-03');
    expect(returnDate('back on 14 December', new Date('2026-11-30T09:00:00Z'))).toBe('2026-12-14');
  });

  it('a weekday alone is the next such day after the mail\'s date', () => {
    expect(returnDate('I will return on Monday.', mailDate)).toBe('2026-12-21');
    expect(returnDate('Ik ben vrijdag weer terug.', mailDate)).toBe('2026-12-25');
  });
});
