// WhatsApp before a send (issue 14): whether a candidate can get a WhatsApp message now and whether it
// must be an approved template (GET /api/candidates/{id}/whatsapp), and the approved templates
// (GET /api/whatsapp) for the wizard. The answers are the API's own types (domain/whatsapp/schemas.ts).
import { useQuery } from '@tanstack/react-query';
import { api, call } from '../api/client.ts';
import { isId } from '#domain/schemas/ids.ts';
import { sameTemplate, type WhatsAppTemplate, type WhatsAppTemplateInfo } from '#domain/whatsapp/schemas.ts';
import type { SentWhatsAppTemplate } from '#domain/messages/schemas.ts';
import { fillTemplateBody } from '#domain/whatsapp/template-body.ts';

/** Read afresh each time it is asked for: the 24-hour window moves with the candidate's messages. */
export function useWhatsAppChannel(candidateId: number | null | undefined, enabled: boolean) {
  return useQuery({
    queryKey: [`/api/candidates/${candidateId}/whatsapp`],
    enabled: enabled && isId(candidateId),
    staleTime: 0,
    queryFn: ({ signal }) => call((o) => api.candidates[':id'].whatsapp.$get({ param: { id: String(candidateId) } }, o), { signal }),
  });
}

export function useWhatsAppState(enabled: boolean) {
  return useQuery({
    queryKey: ['/api/whatsapp'],
    enabled,
    queryFn: ({ signal }) => call((o) => api.whatsapp.$get(undefined, o), { signal }),
  });
}

/** "name|language": one Select value per approved template (the same name may exist in en and nl). */
export const templateKey = (t: { name: string; language: string }) => `${t.name}|${t.language}`;

/**
 * What the candidate read of a WhatsApp template we sent: Meta's text of it (GET /api/whatsapp, when
 * WHATSAPP_BUSINESS_ACCOUNT_ID is set) filled with the parameters sent; without that text, `stored`, the
 * content we keep. One request however many messages ask (the query is shared).
 */
export function useSentTemplateText(template: SentWhatsAppTemplate | null | undefined, stored: string): string {
  const whatsapp = useWhatsAppState(Boolean(template));
  const body = template && whatsapp.data?.templates.find((option) => sameTemplate(option, template))?.body;
  return template && body ? fillTemplateBody(body, template.parameters) : stored;
}

/** The choice for a picked template: as many empty parameters as its body has. */
export function chooseTemplate(templates: readonly WhatsAppTemplateInfo[], key: string | null): WhatsAppTemplate | null {
  const found = templates.find((t) => templateKey(t) === key);
  return found ? { name: found.name, language: found.language, parameters: Array.from({ length: found.parameters }, () => '') } : null;
}
