// The candidate's meeting emails and their calendar invitation render from the catalogue
// (domain/i18n emails.meeting) in the locale they are given: English exactly as before, Dutch
// in Dutch. And the server's translator (domain/i18n/translate.ts) fills a text's {{values}}
// by the catalogue's engine without reading a value as a text: a name like "{{recruiter}}" stays as typed.
import { describe, expect, it } from 'vitest';
import { composeMeetingMail, type MeetingMailFacts } from '#domain/meetings/meeting-mail-text.ts';
import { text, translator } from '#domain/i18n/translate.ts';
import { browserLocale, candidateLocale, localeOf, requestLocale } from '#domain/i18n/locale.ts';

const facts: MeetingMailFacts = {
  kind: 'confirmed', title: 'Intro call', start: '2026-03-30T07:00:00Z', end: '2026-03-30T07:30:00Z', timeZone: 'Europe/Amsterdam',
  candidateTimeZone: 'Asia/Kolkata', locationKind: 'teams', locationDetail: null, joinUrl: null, note: 'Happy to talk about <roles> & teams',
  cancelReason: null, cancelledBy: null, typeDescription: 'A first talk.', recruiter: { name: 'Rita Jansen', email: 'rita@example.com' },
  candidate: { name: 'Anna de Vries', email: 'anna@example.org' },
  links: { book: 'https://x/book/t', reschedule: 'https://x/book/t/reschedule', cancel: 'https://x/book/t/cancel' },
  calendarConfigured: false,
};
const cancelled: MeetingMailFacts = { ...facts, kind: 'cancelled', cancelledBy: 'candidate', cancelReason: 'Busy' };

describe('meeting emails in English (locale en): word for word as before the catalogue', () => {
  it('a confirmation', () => {
    const mail = composeMeetingMail(facts, 'en');
    expect(mail.subject).toBe('Meeting confirmed: Intro call, Monday 30 March 2026 at 12:30 UTC+05:30');
    expect(mail.text).toBe([
      'Hi Anna,', '',
      'Thank you for booking. Your meeting with Rita Jansen is confirmed.', '',
      'Intro call (30 minutes)', 'A first talk.', '',
      'When (your time): Monday 30 March 2026, 12:30–13:00',
      'Your time zone: Asia/Kolkata (India Standard Time, UTC+05:30)',
      "When (Rita's time): Monday 30 March 2026, 09:00–09:30",
      "Rita's time zone: Europe/Amsterdam (Central European Summer Time, UTC+02:00)", '',
      'Where: Microsoft Teams. Rita will send you the link to join.', '',
      'Your note: Happy to talk about <roles> & teams', '',
      'Need another time? Reschedule: https://x/book/t/reschedule',
      'Cannot make it? Cancel: https://x/book/t/cancel', '',
      'Rita Jansen', 'rita@example.com', '',
    ].join('\n'));
    expect(mail.html).toContain('<html lang="en">');
    expect(mail.html).toContain('<p>When (your time): Monday 30 March 2026, 12:30–13:00<br>\nYour time zone: Asia/Kolkata (India Standard Time, UTC+05:30)<br>\n' +
      'When (Rita&#39;s time): Monday 30 March 2026, 09:00–09:30<br>');
    expect(mail.html).toContain('<p>Need another time? Reschedule: <a href="https://x/book/t/reschedule">https://x/book/t/reschedule</a><br>');
    expect(mail.calendarSummary).toBe('Intro call');
    expect(mail.calendarDescription).toBe([
      'Intro call with Rita Jansen (30 minutes).', 'A first talk.', 'Where: Microsoft Teams. Rita will send you the link to join.',
      'Note: Happy to talk about <roles> & teams', 'Need another time? Reschedule: https://x/book/t/reschedule', 'Cannot make it? Cancel: https://x/book/t/cancel',
    ].join('\n'));
    expect(mail.calendarLocation).toBe('Microsoft Teams');
  });

  it('a cancellation, a move, and the other places', () => {
    const mail = composeMeetingMail(cancelled, 'en');
    expect(mail.subject).toBe('Meeting cancelled: Intro call, Monday 30 March 2026 at 12:30 UTC+05:30');
    expect(mail.text).toContain('Hi Anna,\n\nYou cancelled your meeting with Rita Jansen.\nReason: Busy\n\n');
    expect(mail.text).toContain('\n\nWould you like to meet after all? Book a new time: https://x/book/t\n\n');
    expect(mail.calendarDescription).toBe([
      'Intro call with Rita Jansen (30 minutes).', 'A first talk.', 'You cancelled your meeting with Rita Jansen.', 'Reason: Busy',
      'Would you like to meet after all? Book a new time: https://x/book/t',
    ].join('\n'));
    const moved = composeMeetingMail({ ...facts, kind: 'rescheduled', candidateTimeZone: null, locationKind: 'phone', locationDetail: '+31 20 123 4567',
      start: '2026-10-26T08:00:00Z', end: '2026-10-26T08:30:00Z' }, 'en');
    expect(moved.subject).toBe('Meeting moved: Intro call, Monday 26 October 2026 at 09:00 CET');
    expect(moved.text).toContain('Your meeting with Rita Jansen has moved to a new time.');
    expect(moved.text).toContain("When: Monday 26 October 2026, 09:00–09:30\nTime zone: Europe/Amsterdam (Central European Standard Time, UTC+01:00) (yours and Rita's)");
    expect(moved.text).toContain('Where: by phone, +31 20 123 4567');
    expect(moved.calendarLocation).toBe('Phone: +31 20 123 4567');
    expect(composeMeetingMail({ ...facts, calendarConfigured: true, candidate: { name: '', email: 'a@b' } }, 'en').text)
      .toMatch(/^Hello,\n[\s\S]*Where: Microsoft Teams\. The Microsoft Teams link follows in the calendar invitation\./);
    expect(composeMeetingMail({ ...facts, kind: 'cancelled', cancelledBy: 'recruiter' }, 'en').text).toContain('Rita Jansen had to cancel your meeting.');
  });
});

describe('meeting emails in Dutch (locale nl)', () => {
  it('a confirmation: every word Dutch, dates and zone names in Dutch', () => {
    const mail = composeMeetingMail(facts, 'nl');
    expect(mail.subject).toBe('Afspraak bevestigd: Intro call, maandag 30 maart 2026 om 12:30 UTC+05:30');
    expect(mail.text).toBe([
      'Hoi Anna,', '',
      'Bedankt voor je boeking. Je afspraak met Rita Jansen is bevestigd.', '',
      'Intro call (30 minuten)', 'A first talk.', '',
      'Wanneer (jouw tijd): maandag 30 maart 2026, 12:30–13:00',
      'Jouw tijdzone: Asia/Kolkata (Indiase tijd, UTC+05:30)',
      'Wanneer (tijd van Rita): maandag 30 maart 2026, 09:00–09:30',
      'Tijdzone van Rita: Europe/Amsterdam (Midden-Europese zomertijd, UTC+02:00)', '',
      'Waar: Microsoft Teams. Rita stuurt je de link om deel te nemen.', '',
      'Jouw opmerking: Happy to talk about <roles> & teams', '',
      'Ander tijdstip nodig? Verzetten: https://x/book/t/reschedule',
      'Kun je niet? Annuleren: https://x/book/t/cancel', '',
      'Rita Jansen', 'rita@example.com', '',
    ].join('\n'));
    expect(mail.html).toContain('<html lang="nl">');
    expect(mail.html).toContain('<p>Ander tijdstip nodig? Verzetten: <a href="https://x/book/t/reschedule">https://x/book/t/reschedule</a><br>');
    expect(mail.calendarSummary).toBe('Intro call');
    expect(mail.calendarDescription).toBe([
      'Intro call met Rita Jansen (30 minuten).', 'A first talk.', 'Waar: Microsoft Teams. Rita stuurt je de link om deel te nemen.',
      'Opmerking: Happy to talk about <roles> & teams', 'Ander tijdstip nodig? Verzetten: https://x/book/t/reschedule',
      'Kun je niet? Annuleren: https://x/book/t/cancel',
    ].join('\n'));
  });

  it('no English word left in any kind of email (what the recruiter and candidate typed aside)', () => {
    const english = /\b(Hi|Hello|Meeting|When|Where|Your|yours|time zone|Reason|minutes|Reschedule|Cancel|Book|Note|Phone|join|at|with|Monday|March|October|Standard|Summer)\b/;
    const variants: MeetingMailFacts[] = [
      facts, cancelled, { ...cancelled, cancelledBy: 'recruiter' }, { ...cancelled, cancelledBy: null },
      { ...facts, kind: 'rescheduled', candidateTimeZone: null, start: '2026-10-26T08:00:00Z', end: '2026-10-26T08:30:00Z' },
      { ...facts, candidateTimeZone: 'Europe/Amsterdam', joinUrl: 'https://teams.example/join' },
      { ...facts, calendarConfigured: true, candidate: { name: '', email: 'a@b' } },
      { ...facts, recruiter: { name: '', email: 'r@example.com' } },
      { ...facts, locationKind: 'phone', locationDetail: '+31 20 123 4567' }, { ...facts, locationKind: 'in_person', locationDetail: 'Keizersgracht 1' },
      { ...facts, privacyUrl: 'https://x/privacy/t' },
    ];
    for (const variant of variants) {
      const mail = composeMeetingMail({ ...variant, note: 'Tot dan', typeDescription: 'Een eerste gesprek.' }, 'nl');
      const words = [mail.subject, mail.text, mail.calendarDescription, mail.calendarLocation ?? ''].join('\n')
        .replace(/https?:\/\/\S+/g, '').replace(/Intro call|Rita Jansen|Rita|rita@example\.com|r@example\.com|Microsoft Teams|Asia\/Kolkata|Europe\/Amsterdam/g, '');
      expect(words, `${variant.kind} ${variant.locationKind}`).not.toMatch(english);
    }
    expect(composeMeetingMail({ ...cancelled, cancelledBy: 'recruiter' }, 'nl').text).toContain('Rita Jansen moest je afspraak annuleren.\nReden: Busy');
    // The privacy page's line ends every email, in its language.
    expect(composeMeetingMail({ ...facts, privacyUrl: 'https://x/privacy/t' }, 'nl').text).toMatch(/\n\nJouw gegevens: https:\/\/x\/privacy\/t\n$/);
    expect(composeMeetingMail({ ...facts, privacyUrl: 'https://x/privacy/t' }, 'en').text).toMatch(/\n\nYour data: https:\/\/x\/privacy\/t\n$/);
    expect(composeMeetingMail({ ...facts, recruiter: { name: '', email: 'r@example.com' } }, 'nl').text)
      .toContain('Waar: Microsoft Teams. Je recruiter stuurt je de link om deel te nemen.');
  });
});

describe('the server translator', () => {
  it('says a key in the language asked, with its values', () => {
    expect(text('en', 'emails.message.unsubscribe')).toBe('Unsubscribe');
    expect(text('nl', 'emails.message.unsubscribe')).toBe('Afmelden');
    expect(text('nl', 'linkPages.unsubscribe.confirm.heading', { name: 'Anna' })).toBe('Afmelden, Anna?');
    expect(translator('en', 'publicPages.layout')('rights', { year: 2026 })).toBe('© 2026 Talentloop. All rights reserved.');
  });

  it('fills in a value as typed: a value is never read as a text, a key or an option', () => {
    const t = translator('en', 'emails.meeting');
    expect(t('greeting', { name: '{{recruiter}}' })).toBe('Hi {{recruiter}},');
    expect(t('greeting', { name: '$t(emails.message.unsubscribe)' })).toBe('Hi $t(emails.message.unsubscribe),');
    expect(t('opening.confirmed', { recruiter: 'Jan <b>&amp;</b>' })).toBe('Thank you for booking. Your meeting with Jan <b>&amp;</b> is confirmed.');
    // A value named like an option (count, lng) stays a value.
    expect(text('en', 'publicPages.booking.hours', { count: 2, lng: 'nl' })).toBe('2 hours');
  });

  it('chooses a language as the pages and the drafts name it', () => {
    expect(localeOf('dutch')).toBe('nl');
    expect(localeOf('english')).toBe('en');
    expect(browserLocale(['de-DE', 'nl-BE', 'en'])).toBe('nl');
    expect(browserLocale(['fr'])).toBe('en');
    expect(requestLocale(new Headers({ 'accept-language': 'en;q=0.5, nl-NL' }))).toBe('nl');
    expect(requestLocale(new Headers())).toBe('en');
  });

  it('speaks to a candidate in their own language when it is known, else in the fallback the caller names', () => {
    expect(candidateLocale('dutch', 'en')).toBe('nl');
    expect(candidateLocale('english', 'nl')).toBe('en');
    expect(candidateLocale(null, 'nl')).toBe('nl');
    expect(candidateLocale(undefined, 'en')).toBe('en');
  });
});
