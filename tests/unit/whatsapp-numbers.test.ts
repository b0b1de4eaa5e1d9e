// WhatsApp's pure parts: numbers in E.164 (libphonenumber-js with its full metadata, Dutch by default),
// the template list of WHATSAPP_TEMPLATES, the Cloud API's errors in plain words,
// the webhook signature and what a candidate's message says.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { candidateWhatsAppNumber, fromWaId, numberTail, toE164, toWaId } from '#domain/whatsapp/numbers.ts';
import { loadWhatsAppConfig, parseTemplates, whatsappConfigured } from '#domain/whatsapp/config.server.ts';
import { explainError, templateText } from '#domain/whatsapp/cloud-api.server.ts';
import { messageText } from '#domain/messages/inbound-whatsapp.server.ts';
import { validSignature } from '#domain/whatsapp/signature.server.ts';

describe('E.164 normalisation', () => {
  it.each([
    ['+31 6 12345678', '+31612345678'],
    ['06-12345678', '+31612345678'],
    ['06 1234 5678', '+31612345678'],
    ['0031 6 12345678', '+31612345678'],
    ['(020) 123 4567', '+31201234567'],
    ['+44 7911 123456', '+447911123456'],
    ['+49 151 23456789', '+4915123456789'],
    ['  +31612345678  ', '+31612345678'],
  ])('%s → %s', (typed, e164) => expect(toE164(typed)).toBe(e164));

  it.each(['', '   ', '12', 'call me', '06-1234', '+999 123', '123456', '06 00000000'])('"%s" is no number', (typed) => expect(toE164(typed)).toBeNull());

  it('reads a number without country code in the region asked', () => {
    expect(toE164('07911 123456', 'GB')).toBe('+447911123456');
  });

  it("reads Meta's wa_id and writes the Cloud API's to", () => {
    expect(fromWaId('31612345678')).toBe('+31612345678');
    expect(fromWaId('+31612345678')).toBeNull();
    expect(fromWaId('abc')).toBeNull();
    expect(toWaId('+31612345678')).toBe('31612345678');
    expect(numberTail('+31612345678')).toBe('612345678');
  });

  it("takes the WhatsApp number before the phone, and the phone when the WhatsApp number is no number (spec: a WhatsApp number or phone)", () => {
    expect(candidateWhatsAppNumber({ whatsappNumber: '06 11111111', phone: '06 22222222' })).toBe('+31611111111');
    expect(candidateWhatsAppNumber({ whatsappNumber: null, phone: '06 22222222' })).toBe('+31622222222');
    expect(candidateWhatsAppNumber({ whatsappNumber: 'n/a', phone: '06 22222222' })).toBe('+31622222222');
    expect(candidateWhatsAppNumber({ whatsappNumber: null, phone: null })).toBeNull();
  });
});

describe('configuration', () => {
  it('is configured with a token and a phone number id, read from the environment', () => {
    expect(whatsappConfigured(loadWhatsAppConfig({}))).toBe(false);
    expect(whatsappConfigured(loadWhatsAppConfig({ WHATSAPP_TOKEN: 't' }))).toBe(false);
    const config = loadWhatsAppConfig({ WHATSAPP_TOKEN: 't', WHATSAPP_PHONE_NUMBER_ID: '1', WHATSAPP_API_URL: 'http://127.0.0.1:9/', WHATSAPP_API_VERSION: 'v21.0' });
    expect(whatsappConfigured(config)).toBe(true);
    expect(config.apiUrl).toBe('http://127.0.0.1:9');
    expect(config.apiVersion).toBe('21.0');
    expect(loadWhatsAppConfig({}).apiUrl).toBe('https://graph.facebook.com');
  });

  it('lists the approved templates of WHATSAPP_TEMPLATES and names the entries it cannot read', () => {
    expect(parseTemplates('talentloop_intro:nl:1, talentloop_intro:en:1,ping:en:0,ping:en:0')).toEqual({
      templates: [
        { name: 'talentloop_intro', language: 'nl', parameters: 1 }, { name: 'talentloop_intro', language: 'en', parameters: 1 },
        { name: 'ping', language: 'en', parameters: 0 },
      ],
      problems: [],
    });
    const { templates, problems } = parseTemplates('Hello World:en:1,intro:de:1,intro:nl');
    expect(templates).toEqual([]);
    expect(problems).toHaveLength(3);
  });
});

describe("the Cloud API's errors in plain words", () => {
  it.each([
    [400, 131047, true, /24-hour window.*approved template/],
    [429, 130429, false, /rate limit/],
    [400, 131056, false, /rate limit/],
    [404, 132001, true, /template does not exist/],
    [400, 131026, true, /cannot receive WhatsApp/],
    [401, 190, true, /access token/],
    [500, 131000, false, /temporary/],
  ])('HTTP %i code %i: permanent %s', (status, code, permanent, reason) => {
    const error = explainError(status, { code, message: 'm' });
    expect(error.permanent).toBe(permanent);
    expect(error.message).toMatch(reason);
    expect(error.message).toContain(`(${code})`);
  });

  it('names an invalid number', () => {
    expect(explainError(400, { code: 100, message: 'Invalid parameter', error_data: { details: 'Invalid phone number in parameter to' } }).message)
      .toMatch(/^Invalid WhatsApp number \(100\)/);
  });

  it('shows a template message by its name, language and parameters', () => {
    expect(templateText({ name: 'talentloop_intro', language: 'nl', parameters: ['Anna'] })).toBe('[WhatsApp template talentloop_intro (nl)]: Anna');
  });
});

describe('the webhook', () => {
  const body = Buffer.from('{"object":"whatsapp_business_account","entry":[]}');
  const signed = `sha256=${createHmac('sha256', 'secret').update(body).digest('hex')}`;

  it('accepts only the HMAC-SHA256 of the exact body with the app secret', () => {
    expect(validSignature(body, signed, 'secret')).toBe(true);
    expect(validSignature(body, signed.toUpperCase().replace('SHA256=', 'sha256='), 'secret')).toBe(true);
    expect(validSignature(body, signed, 'other')).toBe(false);
    expect(validSignature(Buffer.concat([body, Buffer.from(' ')]), signed, 'secret')).toBe(false);
    expect(validSignature(body, signed.replace('sha256=', 'sha1='), 'secret')).toBe(false);
    expect(validSignature(body, undefined, 'secret')).toBe(false);
    expect(validSignature(body, 'sha256=abc', 'secret')).toBe(false);
  });

  it("reads what a candidate's message says", () => {
    expect(messageText({ from: '1', id: 'w', type: 'text', text: { body: 'Hoi!' } })).toBe('Hoi!');
    expect(messageText({ from: '1', id: 'w', type: 'button', button: { text: 'Ja, bel me' } })).toBe('Ja, bel me');
    expect(messageText({ from: '1', id: 'w', type: 'image', image: { caption: 'mijn cv' } })).toBe('[image]: mijn cv');
    expect(messageText({ from: '1', id: 'w', type: 'audio', audio: {} })).toBe('[audio message]');
    expect(messageText({ from: '1', id: 'w', type: 'reaction' })).toBeNull();
  });
});
