// The communications page's query parameters (spec §2 Advanced Editor, and
// links from elsewhere): ?action=compose, ?action=create-campaign (with the
// Advanced Editor's values), ?template={templateId}, ?campaign={id}.
import { wizardPrefillFromParams, type WizardPrefill } from '#app/messaging/advancedEditor.ts';
import type { ComposePayload } from '#app/drawers/drawerStore.ts';

/** Parameters that ask for a dialog; removed from the URL once it has opened. */
export const ONE_SHOT_PARAMS = ['action', 'template', 'candidateId', 'candidateName', 'talentPoolId', 'channel', 'subject', 'content', 'prompt', 'language'];

export type PageAction =
  | { kind: 'compose'; payload: ComposePayload }
  | { kind: 'campaign'; prefill: WizardPrefill }
  | null;

export function pageAction(params: URLSearchParams): PageAction {
  const action = params.get('action');
  if (action === 'compose') {
    const prefill = wizardPrefillFromParams(params);
    const payload: ComposePayload = {
      candidateId: prefill.candidateId,
      candidateName: prefill.candidateName,
      talentPoolId: prefill.talentPoolId,
      subject: prefill.emailSubject,
      content: prefill.emailContent,
    };
    return { kind: 'compose', payload: Object.fromEntries(Object.entries(payload).filter(([, v]) => v !== undefined)) };
  }
  if (action === 'create-campaign' || (!action && params.get('template'))) {
    return { kind: 'campaign', prefill: wizardPrefillFromParams(params) };
  }
  return null;
}

/** The query string without the one-shot parameters ('' or '?...'). */
export function withoutOneShotParams(params: URLSearchParams): string {
  const kept = new URLSearchParams(params);
  for (const name of ONE_SHOT_PARAMS) kept.delete(name);
  const text = kept.toString();
  return text ? `?${text}` : '';
}

export function campaignParam(params: URLSearchParams): number | null {
  const n = Number(params.get('campaign'));
  return Number.isInteger(n) && n > 0 ? n : null;
}
