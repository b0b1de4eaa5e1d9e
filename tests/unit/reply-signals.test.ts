// Opt-out detection (domain/ai/opt-out.ts) and out-of-office replies
// (domain/ai/auto-reply.ts) on the cases issue 7 names, and the reply
// classifier that joins them (domain/ai/sentiment.ts).
import { describe, expect, it } from 'vitest';
import { detectOptOut } from '#domain/ai/opt-out.ts';
import { detectAutoReply } from '#domain/ai/auto-reply.ts';
import { returnDate } from '#domain/ai/return-date.ts';
import { classifySentiment } from '#domain/ai/sentiment.ts';

const verdict = (text: string) => detectOptOut(text).verdict;

describe('opt-out requests', () => {
  it.each([
    'Haal mij alsjeblieft uit jullie bestand', 'Haal mij a.u.b. uit het bestand', 'Stop hiermee', 'Mail mij niet meer',
    'Ik wil niet meer gemaild worden', 'Ik heb nooit toestemming gegeven om mij te mailen', "I'd rather not be contacted again",
    "I don't want to hear from you again", 'STOP', 'Stop!', 'Please unsubscribe me', 'HAAL ME UIT HET BESTAND AUB',
    'Haal mij svp eens even uit jullie bestand, dank je', 'Ik wil echt niet meer door jullie gemaild worden.',
    'Bitte nehmen Sie mich aus Ihrem Verteiler.', 'Bitte keine E-Mails mehr.', 'Merci de me retirer de votre liste de diffusion.',
    'Je ne souhaite plus recevoir vos messages.', 'Désabonnez-moi.',
  ])('"%s" is one', (text) => {
    expect(verdict(text)).toBe('yes');
  });

  it.each([
    "Don't unsubscribe me, I like these.", 'Ik wil me afmelden voor het webinar van donderdag.', 'Feel free to stop by our office.',
    'Thanks, that sounds interesting. Can we talk on Thursday?', "I don't want to unsubscribe, just send fewer emails",
    'Schrijf me niet uit, ik zoek nog steeds.', 'Bitte nicht abmelden!', 'Ne me désabonnez pas.', 'I accidentally unsubscribed, add me back please.',
    'No more than two emails a month, please.', 'Ik zal je niet meer mailen hierover.', 'Please remove my old email address and use this one instead.',
  ])('"%s" is not', (text) => {
    expect(verdict(text)).toBe('no');
  });

  it.each([
    'How did you get my email address?', "If you keep sending these I'll unsubscribe.", "Please don't contact me until next year.",
    'Remove me from the shortlist, I took another job.', 'Please stop sending me irrelevant jobs.', 'Hoe komen jullie aan mijn gegevens?',
    'Als jullie zo doorgaan, meld ik me af.', 'Remove me from this campaign but keep me in your network.',
  ])('"%s" is for a recruiter to review', (text) => {
    expect(verdict(text)).toBe('review');
  });

  it('reads the whole reply: one sentence asking to stop is enough', () => {
    expect(verdict('Thanks for the update.\nNot looking right now.\nPlease take me off your list.')).toBe('yes');
  });
});

describe('out-of-office replies', () => {
  const received = new Date('2026-11-30T09:00:00Z');
  it.each([
    ['Thank you for your email. I am out of the office and back on 14 December.', '2026-12-14'],
    ['Bedankt voor uw bericht. Ik ben met vakantie en terug op 3 januari.', '2027-01-03'],
    ['Vielen Dank für Ihre Nachricht. Ich bin im Urlaub und ab dem 5. Januar wieder im Büro.', '2027-01-05'],
    ['Merci pour votre message. Je suis absente, de retour le 12 janvier.', '2027-01-12'],
    ['Automatic reply: I am on parental leave.', null],
  ])('%s', (text, date) => {
    expect(detectAutoReply({ text, receivedAt: received })).toMatchObject({ autoReply: true, returnDate: date });
    expect(classifySentiment(text, { receivedAt: received })).toMatchObject({ sentiment: 'other', autoReply: true, autoReplyUntil: date, removalRequested: false });
  });

  it('is told by its headers too', () => {
    expect(detectAutoReply({ text: 'Thanks, I will read it later.', headers: { autoSubmitted: 'auto-replied' } }).autoReply).toBe(true);
    expect(detectAutoReply({ text: 'Thanks, I will read it later.', headers: { autoSubmitted: 'no' } }).autoReply).toBe(false);
  });

  it('a person away who answers anyway is not an auto-reply', () => {
    expect(detectAutoReply({ text: "I'm travelling until the 5th, but yes, I'm interested. Let's talk after that.", receivedAt: received }).autoReply).toBe(false);
  });

  it('parses common date formats, and picks the year from the mail\'s date', () => {
    expect(returnDate('back on 14/12/2026', received)).toBe('2026-12-14');
    expect(returnDate('terug op 04-01', received)).toBe('2027-01-04');
    expect(returnDate('wieder ab 2027-01-07', received)).toBe('2027-01-07');
    expect(returnDate('back on December 14th', received)).toBe('2026-12-14');
    expect(returnDate('I will return on Monday', received)).toBe('2026-12-07');
    expect(returnDate('afwezig tot en met 8 januari', received)).toBe('2027-01-08');
    expect(returnDate('away from 21 December', received)).toBeNull();
  });
});

describe('the reply classifier', () => {
  it('an opt-out is negative and asks for removal; a flagged one is not a removal', () => {
    expect(classifySentiment('Mail mij niet meer.')).toMatchObject({ sentiment: 'negative', removalRequested: true, optOut: 'yes' });
    expect(classifySentiment('How did you get my email address?')).toMatchObject({ removalRequested: false, optOut: 'review' });
  });

  it('a subject the candidate typed counts for an opt-out', () => {
    expect(classifySentiment('', { ownSubject: 'Unsubscribe' })).toMatchObject({ removalRequested: true });
    expect(classifySentiment('Sounds good!', { ownSubject: null })).toMatchObject({ removalRequested: false, sentiment: 'positive' });
  });

  it('"automatic reply" text never withdraws consent; it is flagged for review', () => {
    expect(classifySentiment('Automatic reply: I am away. To unsubscribe from my newsletter, reply STOP.')).toMatchObject({
      autoReply: true, removalRequested: false, optOut: 'review', sentiment: 'other',
    });
  });

  it('an out-of-office told only by its words never withdraws consent either; a person away who asks to stop does', () => {
    expect(classifySentiment('I am out of the office until 12 January with limited access to email. To unsubscribe from our newsletter click here.',
      { subject: 'Out of office' })).toMatchObject({ autoReply: true, removalRequested: false, optOut: 'review', sentiment: 'other' });
    expect(classifySentiment('Ik ben met vakantie tot en met 8 januari. Afmelden voor onze nieuwsbrief? Klik hier.')).toMatchObject({
      autoReply: true, removalRequested: false, optOut: 'review',
    });
    expect(classifySentiment("I'm away until May, remove me from your list anyway.")).toMatchObject({ autoReply: false, removalRequested: true });
  });
});
