// Sending one claimed WhatsApp message (domain/mail/delivery.ts claims and
// records it, as every message): a text, or its approved template, to the
// candidate's number in E.164. The Cloud API's refusals come back as plain
// reasons (cloud-api.ts); a temporary one (rate limit, outage) is retried
// like mail's, unless this was the last try.
import { WhatsAppError, type WhatsAppPort } from './cloud-api.server.ts';
import { candidateWhatsAppNumber } from './numbers.ts';
import { coded, say, type Coded } from '../i18n/codes.ts';
import { englishText } from '../i18n/english.ts';
import type { WhatsAppTemplate } from './schemas.ts';

export type { WhatsAppPort };

/** What the delivery claim reads of a WhatsApp message and its candidate. */
export interface WhatsAppRow {
  content: string;
  whatsapp_number: string | null;
  phone: string | null;
  whatsapp_template: WhatsAppTemplate | null;
}

/** A failure as its code (`said`, decision 032) and its English (`error`), as domain/mail/delivery.server.ts records it. */
export type WhatsAppOutcome = { status: 'sent'; providerId: string } | { status: 'retry' | 'failed'; error: string; said: Coded };

export async function sendWhatsApp(port: WhatsAppPort, row: WhatsAppRow, lastTry: boolean): Promise<WhatsAppOutcome> {
  const to = candidateWhatsAppNumber({ whatsappNumber: row.whatsapp_number, phone: row.phone });
  if (!to) return { status: 'failed', error: englishText('whatsapp_number_unreadable_failed'), said: coded('whatsapp_number_unreadable_failed') };
  try {
    const { wamid } = row.whatsapp_template ? await port.sendTemplate(to, row.whatsapp_template) : await port.sendText(to, row.content);
    return { status: 'sent', providerId: wamid };
  } catch (error) {
    const failure = error instanceof WhatsAppError ? error : new WhatsAppError(say('delivery.provider_failed', { detail: (error as Error).message }), false);
    return { status: failure.permanent || lastTry ? 'failed' : 'retry', error: failure.message.slice(0, 1000), said: failure.said };
  }
}
