// The machine-open rules (domain/engagement/machine-opens.ts): proxies, privacy
// pre-loads, link scanners and anything within 10 seconds of delivery are a
// machine's; a person's mail client or browser, some time later, is human.
import { describe, expect, it } from 'vitest';
import { classifyClick, classifyOpen } from '#domain/engagement/machine-opens.ts';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const IPHONE_MAIL = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
const OUTLOOK_DESKTOP = 'Mozilla/4.0 (compatible; ms-office; MSOffice 16)';
const later = 3600;

describe('classifyOpen', () => {
  it('a mail client or browser well after delivery is a person', () => {
    for (const userAgent of [CHROME, IPHONE_MAIL, OUTLOOK_DESKTOP]) {
      expect(classifyOpen({ userAgent, secondsAfterSent: later })).toEqual({ machine: false, reason: null });
    }
    // Delivery time unknown: only the user agent decides.
    expect(classifyOpen({ userAgent: CHROME, secondsAfterSent: null })).toEqual({ machine: false, reason: null });
  });

  it('anything within 10 seconds of delivery is a machine, from 10 seconds on it may be a person', () => {
    expect(classifyOpen({ userAgent: CHROME, secondsAfterSent: 0 })).toEqual({ machine: true, reason: 'within-10-seconds-of-delivery' });
    expect(classifyOpen({ userAgent: CHROME, secondsAfterSent: 9.9 }).machine).toBe(true);
    expect(classifyOpen({ userAgent: CHROME, secondsAfterSent: 10 }).machine).toBe(false);
  });

  it('Gmail\'s image proxy', () => {
    const gmail = 'Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)';
    expect(classifyOpen({ userAgent: gmail, secondsAfterSent: later })).toEqual({ machine: true, reason: 'gmail-image-proxy' });
  });

  it('Yahoo\'s and Microsoft\'s proxies', () => {
    expect(classifyOpen({ userAgent: 'YahooMailProxy; https://help.yahoo.com/kb/yahoo-mail-proxy-SLN28749.html', secondsAfterSent: later }))
      .toEqual({ machine: true, reason: 'yahoo-mail-proxy' });
    expect(classifyOpen({ userAgent: 'Mozilla/5.0 (compatible; BingPreview/1.0b)', secondsAfterSent: later }).reason).toBe('outlook-proxy');
  });

  it('Apple Mail Privacy Protection: the bare "Mozilla/5.0"', () => {
    expect(classifyOpen({ userAgent: 'Mozilla/5.0', secondsAfterSent: later })).toEqual({ machine: true, reason: 'apple-mail-privacy-protection' });
    expect(classifyOpen({ userAgent: ' Mozilla/5.0 ', secondsAfterSent: later }).machine).toBe(true);
  });

  it('no user agent at all', () => {
    expect(classifyOpen({ userAgent: null, secondsAfterSent: later })).toEqual({ machine: true, reason: 'no-user-agent' });
    expect(classifyOpen({ userAgent: '   ', secondsAfterSent: later }).machine).toBe(true);
  });
});

describe('classifyClick', () => {
  it('link scanners by their user agents', () => {
    const cases: Array<[string, string]> = [
      ['Barracuda Sentinel (EE)', 'barracuda-scanner'],
      ['Mozilla/5.0 Mimecast URL Protect', 'mimecast-scanner'],
      ['Proofpoint URL Defense', 'proofpoint-scanner'],
      ['Microsoft Office SafeLinks', 'microsoft-safe-links'],
      ['python-requests/2.31.0', 'http-library'],
      ['curl/8.5.0', 'http-library'],
      ['Mozilla/5.0 (compatible; Googlebot/2.1)', 'crawler'],
    ];
    for (const [userAgent, reason] of cases) expect(classifyClick({ userAgent, secondsAfterSent: later }), userAgent).toEqual({ machine: true, reason });
  });

  it('a scanner clicking at delivery is a machine whatever it calls itself; a person later is human', () => {
    expect(classifyClick({ userAgent: CHROME, secondsAfterSent: 2 })).toEqual({ machine: true, reason: 'within-10-seconds-of-delivery' });
    expect(classifyClick({ userAgent: CHROME, secondsAfterSent: 120 })).toEqual({ machine: false, reason: null });
  });
});
