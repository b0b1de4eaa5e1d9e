// Which links of a message pass through the click endpoint, in what order, and
// how the mail's text and HTML parts carry them (domain/engagement/tracking.ts,
// domain/mail/compose.ts).
import { describe, expect, it } from 'vitest';
import { clickUrl, isTrackable, linkAt, openPixelUrl, rewriteText, segments, trackedLinks } from '#domain/engagement/tracking.server.ts';
import { composeMail } from '#domain/mail/compose.server.ts';

const PUBLIC_URL = 'https://talentloop.example';
const TOKEN = 'ab'.repeat(16);

describe('trackedLinks', () => {
  it('keeps the order of first appearance, each URL once', () => {
    const content = 'See https://jobs.example.org/1 and http://blog.example.org/post?id=2&x=y then https://jobs.example.org/1 again.';
    expect(trackedLinks(content, PUBLIC_URL)).toEqual(['https://jobs.example.org/1', 'http://blog.example.org/post?id=2&x=y']);
  });

  it('leaves punctuation at the end of a sentence out of the URL', () => {
    const content = 'Read https://a.example.org/x. Or https://b.example.org/y, https://c.example.org/z! (https://d.example.org/w) ' +
      'and "https://e.example.org/q"? Wiki: https://en.wikipedia.org/wiki/Foo_(bar).';
    expect(trackedLinks(content, PUBLIC_URL)).toEqual([
      'https://a.example.org/x', 'https://b.example.org/y', 'https://c.example.org/z', 'https://d.example.org/w', 'https://e.example.org/q',
      'https://en.wikipedia.org/wiki/Foo_(bar)',
    ]);
  });

  it('does not track our unsubscribe links, booking links or tracking links; does track other sites\' /book/ pages', () => {
    const content = `Book: ${PUBLIC_URL}/book/abc123 · Stop: ${PUBLIC_URL}/unsubscribe/tok ${PUBLIC_URL}/api/unsubscribe/tok ` +
      `${PUBLIC_URL}/t/c/${TOKEN}?l=0 · Careers: ${PUBLIC_URL}/careers · Other: https://hotel.example.org/book/room`;
    expect(trackedLinks(content, PUBLIC_URL)).toEqual([`${PUBLIC_URL}/careers`, 'https://hotel.example.org/book/room']);
    expect(isTrackable('ftp://files.example.org/x', PUBLIC_URL)).toBe(false);
    expect(isTrackable('https://', PUBLIC_URL)).toBe(false);
  });

  it('finds nothing in text without http(s) URLs', () => {
    expect(trackedLinks('mail me at a@b.org or visit www.example.org', PUBLIC_URL)).toEqual([]);
    expect(segments('no links')).toEqual([{ kind: 'text', text: 'no links' }]);
  });
});

describe('rewriteText and linkAt', () => {
  it('replaces each tracked URL by its click URL and keeps everything else', () => {
    const content = `Role: https://jobs.example.org/1. Book: ${PUBLIC_URL}/book/abc and https://jobs.example.org/1`;
    const links = trackedLinks(content, PUBLIC_URL);
    expect(rewriteText(content, links, PUBLIC_URL, TOKEN)).toBe(
      `Role: ${clickUrl(PUBLIC_URL, TOKEN, 0)}. Book: ${PUBLIC_URL}/book/abc and ${clickUrl(PUBLIC_URL, TOKEN, 0)}`);
  });

  it('answers only a plain index into the message\'s own links', () => {
    const message = { id: 1, trackedLinks: ['https://a.example.org/', 'https://b.example.org/'] };
    expect(linkAt(message, '1')).toBe('https://b.example.org/');
    for (const bad of [undefined, '', '2', '-1', '1.0', '0x1', ' 1', '99999', 'https://evil.example']) expect(linkAt(message, bad), String(bad)).toBeNull();
  });
});

describe('composeMail with tracking', () => {
  const row = {
    id: 7, replyToken: 'c'.repeat(24), subject: 'Hello', candidateName: 'Ann', candidateEmail: 'ann@example.org',
    content: `Hi Ann,\n\nThe role: https://jobs.example.org/r?a=1&b=2.\nBook a call: ${PUBLIC_URL}/book/xyz`,
  };
  const settings = { from: 'Talentloop <recruiting@talentloop.example>', publicUrl: PUBLIC_URL };

  it('adds the pixel and rewrites the links in both parts, not the unsubscribe or booking links', () => {
    const links = trackedLinks(row.content, PUBLIC_URL);
    const mail = composeMail({ ...row, tracking: { token: TOKEN, links } }, settings);
    const click = clickUrl(PUBLIC_URL, TOKEN, 0);
    expect(mail.html).toContain(`<a href="${click}">https://jobs.example.org/r?a=1&amp;b=2</a>.`);
    expect(mail.html).toContain(`<img src="${openPixelUrl(PUBLIC_URL, TOKEN)}" width="1" height="1" alt="">\n</body>`);
    expect(mail.html).toContain(`${PUBLIC_URL}/book/xyz`);
    expect(mail.html).toContain(`href="${PUBLIC_URL}/unsubscribe/${row.replyToken}"`);
    expect(mail.html).not.toContain('href="https://jobs.example.org');
    expect(mail.text).toContain(`The role: ${click}.`);
    expect(mail.text).toContain(`Book a call: ${PUBLIC_URL}/book/xyz`);
    expect(mail.text).toContain(`Unsubscribe: ${PUBLIC_URL}/unsubscribe/${row.replyToken}`);
  });

  it('without tracking: no pixel, links as they are', () => {
    const mail = composeMail(row, settings);
    expect(mail.html).not.toContain('/t/o/');
    expect(mail.html).not.toContain('/t/c/');
    expect(mail.html).toContain('https://jobs.example.org/r?a=1&amp;b=2.');
    expect(mail.text).toContain('The role: https://jobs.example.org/r?a=1&b=2.');
  });
});
