// The rules behind the organisation's settings in outgoing mail (issue 12): which From a mail gets
// (compose.ts senderFrom, used by message delivery and the meeting emails), when a text clearly is
// Dutch or English (placeholders.ts clearLanguage, for a campaign without a language), and which
// placeholders a campaign fills itself when it sends (campaignPlaceholdersToFill, API and forms).
import { describe, expect, it } from 'vitest';
import { campaignPlaceholdersToFill, clearLanguage, placeholdersToFill } from '#domain/placeholders/placeholders.ts';
import { composeMail, internetMessageId, senderFrom } from '#domain/mail/compose.server.ts';

const CONFIGURED = 'Talentloop Recruiting <recruiting@talentloop.test>';
const none = { senderName: null, senderEmail: null };

describe('senderFrom', () => {
  it('the configured From without settings; a name only goes with the configured address; an address replaces it', () => {
    expect(senderFrom(CONFIGURED, none, 'smtp')).toBe(CONFIGURED);
    expect(senderFrom(CONFIGURED, null, 'smtp')).toBe(CONFIGURED);
    expect(senderFrom(CONFIGURED, { senderName: 'Acme Recruiting', senderEmail: null }, 'smtp')).toBe('"Acme Recruiting" <recruiting@talentloop.test>');
    expect(senderFrom(CONFIGURED, { senderName: 'Acme Recruiting', senderEmail: 'jobs@acme.example' }, 'outbox')).toBe('"Acme Recruiting" <jobs@acme.example>');
    // An address alone keeps the configured display name; a configured From without one gives the bare address.
    expect(senderFrom(CONFIGURED, { senderName: null, senderEmail: 'jobs@acme.example' }, 'smtp')).toBe('"Talentloop Recruiting" <jobs@acme.example>');
    expect(senderFrom('recruiting@talentloop.test', { senderName: ' ', senderEmail: 'jobs@acme.example' }, 'smtp')).toBe('jobs@acme.example');
  });

  it('a name cannot break the header; with Microsoft Graph the configured mailbox stays as it is', () => {
    expect(senderFrom(CONFIGURED, { senderName: 'Acme "<x@evil>"\r\nBcc: a@b', senderEmail: null }, 'smtp'))
      .toBe('"Acme x@evilBcc: a@b" <recruiting@talentloop.test>');
    expect(senderFrom(CONFIGURED, { senderName: 'Acme Recruiting', senderEmail: 'jobs@acme.example' }, 'graph')).toBe(CONFIGURED);
  });

  it('the mail carries the From given, while its Message-ID and reply address stay on the configured sender\'s domain', () => {
    const row = { id: 7, replyToken: 'abcdef0123456789', subject: 'Hi', content: 'Hello there', candidateName: 'Sam', candidateEmail: 'sam@example.org' };
    const settings = { from: CONFIGURED, publicUrl: 'https://app.example' };
    const own = composeMail({ ...row, from: '"Acme Recruiting" <jobs@acme.example>' }, settings);
    const configured = composeMail(row, settings);
    expect(own.from).toBe('"Acme Recruiting" <jobs@acme.example>');
    expect(configured.from).toBe(CONFIGURED);
    expect(own.messageId).toBe(configured.messageId);
    expect(own.messageId).toBe(internetMessageId(7, row.replyToken, CONFIGURED));
    expect(own.replyTo).toBe(configured.replyTo);
  });
});

describe('clearLanguage', () => {
  it('answers only when the text clearly is in one language', () => {
    expect(clearLanguage('Hoi {{firstName}}, ik hoop dat het goed met je gaat en wil graag even bellen.')).toBe('dutch');
    expect(clearLanguage('Hi {{firstName}}, I hope you are well and would like to have a call.')).toBe('english');
    expect(clearLanguage('Hi {{firstName}}')).toBeNull();
    expect(clearLanguage('{{signature}}')).toBeNull();
    expect(clearLanguage('Hoi, de rol is leuk and you will like het team')).toBeNull();
  });
});

describe('campaignPlaceholdersToFill', () => {
  it('{{signature}} and {{recruiterName}} are filled when the campaign sends; {{company}} only with a company name', () => {
    const texts = ['Join {{company}} as {{jobTitle}}', 'Hi {{firstName}},\n\n{{signature}}\n{{recruiterName}}'];
    expect(campaignPlaceholdersToFill(texts, {})).toEqual(['company', 'jobTitle']);
    expect(campaignPlaceholdersToFill(texts, { companyName: '  ' })).toEqual(['company', 'jobTitle']);
    expect(campaignPlaceholdersToFill(texts, { companyName: 'Acme Talent' })).toEqual(['jobTitle']);
    // A message to one candidate fills neither (domain/messages): the recruiter fills them.
    expect(placeholdersToFill(...texts)).toEqual(['company', 'jobTitle', 'signature']);
  });
});
