// Reading bounces (domain/mail/dsn.ts) from real-shaped notifications:
// Gmail's "Delivery Status Notification (Failure)", an Exchange Online NDR
// ("Undeliverable:"), Postfix's "Undelivered Mail Returned to Sender" (5.1.1
// and a 4.2.2 mailbox full), a Postfix delay warning, and a qmail "failure
// notice" without a machine-readable part.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bounceReason, bounceType, looksLikeBounce, parseDeliveryReport, statusFromText } from '#domain/mail/dsn.server.ts';

const VARS: Record<string, string> = {
  MESSAGE_ID: '<talentloop.4217.0a1b2c3d@talentloop.test>', MESSAGE_ROW_ID: '4217', RECIPIENT: 'ghost.candidate@example.net',
  SUBJECT: 'A new role for you', REPLY_TOKEN: '0a1b2c3d4e5f60718293a4b5', LOCAL_PART: 'ghost.candidate', DOMAIN: 'example.net',
};

function dsnFixture(name: string, vars: Record<string, string> = VARS): string {
  const text = readFileSync(path.resolve(import.meta.dirname, '../fixtures/dsn', name), 'utf8');
  return text.replace(/%%([A-Z_]+)%%/g, (whole, key: string) => vars[key] ?? whole).replace(/\r?\n/g, '\r\n');
}

const read = (name: string) => {
  const report = parseDeliveryReport(dsnFixture(name));
  if (!report) throw new Error(`${name} was not read as a delivery report`);
  return report;
};

describe('RFC 3464 delivery-status notifications', () => {
  it.each([
    ['gmail-5.1.1.eml', '5.1.1', /^550-5\.1\.1 The email account that you tried to reach does not exist\. Please try double-checking the recipient's email address for typos or unnecessary spaces\. For more/, 'googlemail.com', '<6759a3e3.050a0220.1c8e2a.7f1cGMR@mx.google.com>'],
    ['outlook-5.1.10.eml', '5.1.10', /^550 5\.1\.10 RESOLVER\.ADR\.RecipientNotFound; Recipient not found/, 'AM0PR01MB1234.eurprd01.prod.exchangelabs.com',
      '<4c2e8a1f-93b7-4d6e-a0f2-1b3c5d7e9f01@AM0PR01MB1234.eurprd01.prod.exchangelabs.com>'],
    ['postfix-5.1.1.eml', '5.1.1', /^550 5\.1\.1 <ghost\.candidate@example\.net>: Recipient address rejected: User unknown in virtual mailbox table$/,
      'mail.example.net', '<20261126084205.4Yz1Qk2Xb7z9vBq@mail.example.net>'],
  ])('%s: a hard bounce with its status, recipient, diagnostic and the original Message-ID', (name, status, diagnostic, mta, reportId) => {
    const report = read(name);
    expect(report).toMatchObject({
      source: 'rfc3464', reportingMta: mta, reportId,
      original: { messageId: VARS.MESSAGE_ID, talentloopMessageId: 4217, subject: VARS.SUBJECT },
    });
    expect(report.recipients).toHaveLength(1);
    const [recipient] = report.recipients;
    expect(recipient).toMatchObject({ recipient: VARS.RECIPIENT, action: 'failed', status });
    expect(recipient.diagnostic).toMatch(diagnostic);
    expect(bounceType(recipient)).toBe('hard');
  });

  it('Postfix 4.2.2 mailbox full is a soft bounce', () => {
    const report = read('postfix-4.2.2-mailbox-full.eml');
    expect(report.recipients[0]).toMatchObject({
      recipient: VARS.RECIPIENT, action: 'failed', status: '4.2.2', diagnostic: '452 4.2.2 <ghost.candidate@example.net>: Mailbox full, quota exceeded',
    });
    expect(bounceType(report.recipients[0])).toBe('soft');
    expect(report.original.talentloopMessageId).toBe(4217);
  });

  it('a delay warning is read but is not a bounce (the remote server is still trying)', () => {
    const report = read('postfix-delayed-4.4.1.eml');
    expect(report.recipients[0]).toMatchObject({ action: 'delayed', status: '4.4.1' });
    expect(bounceType(report.recipients[0])).toBeNull();
  });

  it('the same report in another body encoding reads the same (base64 delivery-status part)', () => {
    const raw = dsnFixture('postfix-5.1.1.eml');
    const [head, ...rest] = raw.split('Content-Type: message/delivery-status\r\n\r\n');
    const [status, after] = rest.join('').split(/\r\n(?=--4Yz1Qk2Xb7z9vBq)/);
    const encoded = `${head}Content-Type: message/delivery-status\r\nContent-Transfer-Encoding: base64\r\n\r\n${
      Buffer.from(status).toString('base64').replace(/.{76}/g, '$&\r\n')}\r\n${after}`;
    expect(parseDeliveryReport(encoded)?.recipients[0]).toMatchObject({ recipient: VARS.RECIPIENT, status: '5.1.1', action: 'failed' });
  });
});

describe('bounces without a machine-readable part', () => {
  it('qmail "failure notice": recipient, status and the original Message-ID from the text', () => {
    const report = read('qmail-no-dsn-part.eml');
    expect(report).toMatchObject({ source: 'heuristic', original: { messageId: VARS.MESSAGE_ID, talentloopMessageId: 4217 } });
    expect(report.recipients[0]).toMatchObject({ recipient: VARS.RECIPIENT, action: 'failed', status: '5.1.1' });
    expect(report.recipients[0].diagnostic).toBe('Sorry, no mailbox here by that name. (#5.1.1)');
    expect(bounceType(report.recipients[0])).toBe('hard');
    // Without a Message-ID of its own, a repeat of the same notice gets the same identity.
    expect(read('qmail-no-dsn-part.eml').reportId).toBe(report.reportId);
  });

  it('a mailer-daemon notice that says "mailbox full" without a code is a soft bounce', () => {
    const raw = ['From: Mail Delivery System <MAILER-DAEMON@mx.example.org>', 'To: recruiting@talentloop.test',
      'Subject: Mail delivery failed: returning message to sender', '',
      'This message was created automatically by mail delivery software.', '',
      '  full@example.org', '    Mailbox is full: retry timeout exceeded', ''].join('\r\n');
    const report = parseDeliveryReport(raw);
    expect(report?.recipients[0]).toMatchObject({ recipient: 'full@example.org', status: '4.2.2' });
    expect(bounceType(report!.recipients[0])).toBe('soft');
  });
});

describe('not bounces', () => {
  it('a reply, a read receipt and garbage are not delivery reports', () => {
    expect(parseDeliveryReport('From: Lotte <lotte@example.com>\r\nSubject: Re: A new role\r\n\r\nSounds good, 550 reasons to talk.\r\n')).toBeNull();
    expect(parseDeliveryReport(['From: Lotte <lotte@example.com>', 'Subject: Read: A new role',
      'Content-Type: multipart/report; report-type=disposition-notification; boundary="b"', '', '--b',
      'Content-Type: message/disposition-notification', '', 'Final-Recipient: rfc822; lotte@example.com',
      'Disposition: manual-action/MDN-sent-manually; displayed', '', '--b--', ''].join('\r\n'))).toBeNull();
    expect(parseDeliveryReport('\u0001\u0002 not a mail at all')).toBeNull();
    expect(parseDeliveryReport('')).toBeNull();
  });

  it('a multipart/report that lost its delivery-status part is still recognised as a bounce (kept aside, never a reply)', () => {
    const raw = ['From: Mail Delivery Subsystem <mailer-daemon@googlemail.com>', 'Subject: Delivery Status Notification (Failure)',
      'Content-Type: multipart/report; report-type=delivery-status; boundary="x"', '', '--x', 'Content-Type: text/plain', '', 'Something went wrong.', '--x--', ''].join('\r\n');
    expect(parseDeliveryReport(raw)).toBeNull();
    expect(looksLikeBounce(raw)).toBe(true);
    expect(looksLikeBounce('From: lotte@example.com\r\nSubject: Re: Undeliverable?\r\n\r\nHi')).toBe(false);
  });

  it('survives truncated and deeply nested reports without throwing', () => {
    const cut = dsnFixture('gmail-5.1.1.eml');
    for (const at of [100, 1000, 3000, 4500, cut.length - 10]) expect(() => parseDeliveryReport(cut.slice(0, at))).not.toThrow();
    const nested = `Content-Type: multipart/report; report-type=delivery-status; boundary="b0"\r\n\r\n${
      Array.from({ length: 40 }, (_, i) => `--b${i}\r\nContent-Type: multipart/mixed; boundary="b${i + 1}"\r\n\r\n`).join('')}`;
    expect(() => parseDeliveryReport(nested)).not.toThrow();
  });
});

describe('status codes and the reason shown', () => {
  it('reads enhanced codes, else makes one from the SMTP reply code', () => {
    expect(statusFromText('smtp; 550 5.1.2 Host unknown')).toBe('5.1.2');
    expect(statusFromText('452 Too many recipients')).toBe('4.0.0');
    expect(statusFromText('Message accepted')).toBeNull();
  });

  it('hard: 5.x.x; soft: 4.x.x and 5.2.2 (mailbox full); delivered/relayed/delayed: not a bounce', () => {
    expect(bounceType({ action: 'failed', status: '5.1.1' })).toBe('hard');
    expect(bounceType({ action: 'failed', status: '5.1.2' })).toBe('hard');
    expect(bounceType({ action: 'failed', status: '5.2.2' })).toBe('soft');
    expect(bounceType({ action: 'failed', status: '4.2.2' })).toBe('soft');
    expect(bounceType({ action: null, status: '5.1.1' })).toBe('hard');
    expect(bounceType({ action: 'delivered', status: '2.0.0' })).toBeNull();
    expect(bounceType({ action: 'relayed', status: '5.1.1' })).toBeNull();
    expect(bounceType({ action: 'failed', status: null })).toBeNull();
  });

  it('says what happened in the recruiter\'s words', () => {
    expect(bounceReason('hard', '5.1.1', '550 5.1.1 <x@example.net>: Recipient address rejected: User unknown'))
      .toBe('Email address bounced (5.1.1 <x@example.net>: Recipient address rejected: User unknown)');
    expect(bounceReason('soft', '4.2.2', '452 4.2.2 Mailbox full')).toBe('Email bounced for now (4.2.2 Mailbox full)');
    expect(bounceReason('hard', null, null)).toBe('Email address bounced');
  });
});
