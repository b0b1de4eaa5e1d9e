// Reading what the candidate wrote out of a raw reply: realistic mails from
// Gmail, Outlook (plain, HTML, bold quote headers), Apple Mail, Thunderbird,
// Yahoo, Proton, mobile clients, in English, Dutch, German and French
// (tests/fixtures/reply-extraction: NN-name.eml and the expected NN-name.txt).
// The count of exact matches is printed; each fixture must match exactly.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { htmlToText } from '#domain/mail/html-text.ts';
import { readReply, visibleReply } from '#domain/mail/reply-text.server.ts';
import { recipientAddresses } from '#domain/messages/inbound-email.server.ts';

const DIR = path.resolve(import.meta.dirname, '../fixtures/reply-extraction');
const FIXTURES = readdirSync(DIR).filter((file) => file.endsWith('.eml')).sort().map((file) => file.replace(/\.eml$/, ''));

/** Parsed as the inbound path parses it: HTML is left to reply-text.ts. */
const parse = (name: string) => simpleParser(readFileSync(path.join(DIR, `${name}.eml`)), { skipHtmlToText: true, skipImageLinks: true });
const expected = (name: string) => readFileSync(path.join(DIR, `${name}.txt`), 'utf8').replace(/\n$/, '');

describe('reply extraction fixtures', () => {
  it('has at least 40 realistic raw replies, each with its expected text', () => {
    expect(FIXTURES.length).toBeGreaterThanOrEqual(40);
  });

  it('reports how many come out exactly as the person wrote them', async () => {
    const misses: string[] = [];
    for (const name of FIXTURES) {
      const parsed = await parse(name);
      if (readReply({ text: parsed.text, html: parsed.html }).visible !== expected(name)) misses.push(name);
    }
    console.log(`reply extraction: ${FIXTURES.length - misses.length}/${FIXTURES.length} exact`, misses);
    expect(misses).toEqual([]);
  });

  it.each(FIXTURES)('%s', async (name) => {
    const parsed = await parse(name);
    expect(readReply({ text: parsed.text, html: parsed.html }).visible).toBe(expected(name));
  });
});

describe('what the visible text never contains', () => {
  it('no quoted footer, no unsubscribe link, no reply token, in any fixture', async () => {
    for (const name of FIXTURES) {
      const parsed = await parse(name);
      const visible = readReply({ text: parsed.text, html: parsed.html }).visible;
      expect(visible, name).not.toMatch(/talent network|talentnetwerk|\/unsubscribe\/|\[ref:|^>/m);
    }
  });

  it('a reply token found only in Delivered-To is among the recipients (not "[object Object]")', async () => {
    const parsed = await parse('25-delivered-to-token');
    const recipients = recipientAddresses(parsed);
    expect(recipients).toContain('reply+9b1e7d3c5a2f4e6d8c0b1a3e@talentloop.nl');
    expect(recipients.join(' ')).not.toContain('[object Object]');
  });
});

describe('html to text', () => {
  it('reads every <body>: a nested document is the quoted mail, the reply stays', () => {
    const html = '<html><body><div>Yes, Thursday works.</div><html><body><p>Hi Jan,</p><p>Unsubscribe</p></body></html></body></html>';
    expect(htmlToText(html)).toBe('Yes, Thursday works.\n>\n> Hi Jan,\n>\n> Unsubscribe');
    expect(visibleReply(htmlToText(html))).toBe('Yes, Thursday works.');
  });

  it('turns blockquotes into "> " lines and <hr> into a rule the reader drops', () => {
    expect(htmlToText('<p>Sure.</p><blockquote><p>Quoted</p></blockquote>')).toBe('Sure.\n>\n> Quoted');
    expect(visibleReply(htmlToText('<div>Fine by me</div><hr><div>Jan</div>'))).toBe('Fine by me\nJan');
  });

  it('decodes entities', () => {
    expect(htmlToText('<p>Caf&eacute; &amp; co &#8211; &quot;ja&quot;&nbsp;&#x1F44D;</p>')).toBe('Café & co – "ja" 👍');
  });
});

describe('plain-text replies', () => {
  it('keeps an inline reply\'s own lines and drops the quoted ones', () => {
    const text = 'On Mon, 16 Nov 2026 at 09:30, Sam <sam@x.nl> wrote:\n> Is Friday ok?\n\nYes.\n\n> Salary?\n\n60k.';
    expect(visibleReply(text)).toBe('Yes.\n\n60k.');
  });

  it('drops an attribution wrapped over up to four lines', () => {
    expect(visibleReply('Ok!\n\nOn Dec 16, 2026, at 09:30,\nSam de Vries\n<sam@x.nl>\nwrote:\n\n> Hi')).toBe('Ok!');
    expect(visibleReply('Top.\n\nOp wo 16 dec 2026 om 09:30 schreef Sam de Vries <\nsam@x.nl>:\n\n> Hoi')).toBe('Top.');
  });

  it('drops mobile "Sent from" lines and a "-Name" signature, keeps a sign-off', () => {
    expect(visibleReply('Sounds good.\n\nBest,\nJan\n\nSent from my iPhone')).toBe('Sounds good.\n\nBest,\nJan');
    expect(visibleReply('Prima.\n\nVerzonden vanaf mijn iPhone')).toBe('Prima.');
    expect(visibleReply('No thanks.\n\n-Jan')).toBe('No thanks.');
  });

  it('keeps a candidate\'s own "Unsubscribe"', () => {
    expect(visibleReply('Unsubscribe')).toBe('Unsubscribe');
    expect(visibleReply('Afmelden')).toBe('Afmelden');
    expect(visibleReply('Hi,\nUnsubscribe\n\nYou receive this email because you are part of our talent network.\nUnsubscribe'))
      .toBe('Hi,\nUnsubscribe');
  });
});
