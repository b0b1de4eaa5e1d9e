// WhatsApp before a send (issue 14): whether a candidate can get a WhatsApp message now and whether it
// must be an approved template (GET /api/candidates/{id}/whatsapp), and the approved templates
// (GET /api/whatsapp) for the wizard. The answers are the API's own types (domain/whatsapp/schemas.ts).
import { useQuery } from '@tanstack/react-query';
import { api, call } from '../api/client.ts';
import type { WhatsAppChannel, WhatsAppTemplateInfo } from '#domain/whatsapp/schemas.ts';

const isId = (id: number | null | undefined): id is number => typeof id === 'number' && id > 0;

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

/** A picked template as the API takes it (whatsappTemplateSchema); the form keeps parameters as typed. */
export interface TemplateChoice {
  name: string;
  language: WhatsAppTemplateInfo['language'];
  parameters: string[];
}

/** "name|language": one Select value per approved template (the same name may exist in en and nl). */
export const templateKey = (t: { name: string; language: string }) => `${t.name}|${t.language}`;

/** The choice for a picked template: as many empty parameters as its body has. */
export function chooseTemplate(templates: readonly WhatsAppTemplateInfo[], key: string | null): TemplateChoice | null {
  const found = templates.find((t) => templateKey(t) === key);
  return found ? { name: found.name, language: found.language, parameters: Array.from({ length: found.parameters }, () => '') } : null;
}

/** What the channel answer means for the send (null while it loads). */
export type WhatsAppMode = WhatsAppChannel['mode'];
