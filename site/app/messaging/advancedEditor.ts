// The compose dialog's "Advanced Editor" hand-off (spec §2): the dialog's
// values as query parameters of the communications page, which opens the
// campaign wizard with them (action=create-campaign). The page's route
// validates them (pages/communications/pageParams.ts).
import { isAiPlaceholder } from './aiMarker.ts';

/** The spec's /communications; in this app the page lives under /app. */
export const COMMUNICATIONS_PATH = '/app/communications';

export interface AdvancedEditorValues {
  candidateId?: number | null;
  candidateName?: string | null;
  talentPoolId?: number | null;
  channel?: string | null;
  subject?: string | null;
  content?: string | null;
  template?: string | null;
  prompt?: string | null;
  language?: string | null;
}

const PARAM_ORDER = ['candidateId', 'candidateName', 'talentPoolId', 'channel', 'subject', 'content', 'template', 'prompt', 'language'] as const;

/**
 * /app/communications?candidateId=…&…&action=create-campaign. Every value is
 * URI-encoded; empty ones are left out, and so is content while it is the AI
 * placeholder.
 */
export function buildAdvancedEditorUrl(values: AdvancedEditorValues): string {
  const parts: string[] = [];
  for (const key of PARAM_ORDER) {
    const value = values[key];
    if (value === null || value === undefined || String(value).trim() === '') continue;
    if (key === 'content' && isAiPlaceholder(String(value))) continue;
    parts.push(`${key}=${encodeURIComponent(String(value))}`);
  }
  parts.push('action=create-campaign');
  return `${COMMUNICATIONS_PATH}?${parts.join('&')}`;
}

export interface WizardPrefill {
  talentPoolId?: number;
  emailSubject?: string;
  emailContent?: string;
  templateId?: string;
  prompt?: string;
  language?: 'english' | 'dutch';
  candidateId?: number;
  candidateName?: string;
}

/** The communications page's validated query parameters that carry the Advanced Editor's values. */
export interface AdvancedEditorSearch {
  candidateId?: number;
  candidateName?: string;
  talentPoolId?: number;
  subject?: string;
  content?: string;
  template?: string;
  prompt?: string;
  language?: 'english' | 'dutch';
}

/** The wizard's starting values from the page's query parameters (Advanced Editor, ?template=). */
export function wizardPrefillFromSearch(search: AdvancedEditorSearch): WizardPrefill {
  const prefill: WizardPrefill = {
    talentPoolId: search.talentPoolId,
    emailSubject: search.subject || undefined,
    emailContent: search.content || undefined,
    templateId: search.template && search.template !== 'manual' ? search.template : undefined,
    prompt: search.prompt || undefined,
    language: search.language,
    candidateId: search.candidateId,
    candidateName: search.candidateName || undefined,
  };
  return Object.fromEntries(Object.entries(prefill).filter(([, v]) => v !== undefined));
}
