// What a candidate's mail client reads: a subject, a name and a text of any characters (quotes, commas, angle
// brackets, encoded-word look-alikes, emoji, CJK, long runs) arrive as the recruiter wrote them, through our
// composition (composeMail) and the MIME that is sent and stored (buildRaw), read back by mailparser.
import fc from 'fast-check';
import { simpleParser, type AddressObject } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { composeMail, mailbox } from '#domain/mail/compose.server.ts';
import { buildRaw } from '#platform/mail/port.server.ts';

const SETTINGS = { from: 'Talentloop <recruiting@talentloop.test>', publicUrl: 'https://app.example.com' };

const text = (maxLength: number) => fc.string({
  maxLength,
  unit: fc.oneof(fc.constantFrom('a', 'B', ' ', '"', ',', '<', '>', '\\', ';', ':', '=', '?', '_', 'é', 'ß', '😀', '李', '\t', '(', ')', '@', "'"),
    fc.constant('word '), fc.constant('=?utf-8?q?x?=')),
});
const filled = (maxLength: number) => text(maxLength).map((value) => value.trim()).filter((value) => value.length > 0);
const addresses = (value: AddressObject | AddressObject[] | undefined) => (Array.isArray(value) ? value : value ? [value] : [])
  .flatMap((object) => object.value.map(({ name, address }) => ({ name, address })));

describe('an email as the candidate reads it', () => {
  it('keeps the subject, the candidate\'s and the recruiter\'s names and the text', async () => {
    await fc.assert(fc.asyncProperty(filled(120), filled(40), filled(40), filled(300), async (subject, name, recruiter, content) => {
      const mail = composeMail({
        id: 1, replyToken: 'abcdefgh12345678', subject, content, candidateName: name, candidateEmail: 'casey@example.com', language: 'english',
        from: mailbox(recruiter, 'sam@talentloop.test'),
      }, SETTINGS);
      const parsed = await simpleParser(await buildRaw(mail));
      expect(parsed.subject).toBe(subject);
      expect(addresses(parsed.to)).toEqual([{ name, address: 'casey@example.com' }]);
      // The From's display name loses only what would break the header (mailbox()).
      const shown = recruiter.replace(/["\\<>]/g, '').trim();
      expect(addresses(parsed.from)).toEqual([{ name: shown, address: 'sam@talentloop.test' }]);
      expect(parsed.text!.startsWith(`${content}\n\n-- \n`)).toBe(true);
    }), { numRuns: 400 });
  });
});
