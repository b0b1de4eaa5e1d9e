// POST /api/ai-content/generate: a draft from a template, written by the AI
// provider when one is configured, else by the built-in drafter. Both get the
// organisation's and the recruiter's settings, read here on the server: the
// browser sends only the template, prompt, language and candidate.
import type { Tx } from '../../platform/db/request.server.ts';
import { organisationSettings } from '../settings/organisation.server.ts';
import { profileSettings } from '../settings/profile.server.ts';
import type { CandidateData, GenerateContentInput, Generation } from './schemas.ts';
import type { Language } from '../schemas/language.ts';
import { contextValues, draftFromTemplate, draftValues, type DraftInput, type DraftingSettings } from './drafter.ts';
import { fillPlaceholders, placeholdersIn, unfilledContextPlaceholders, type CandidateFacts } from '../placeholders/placeholders.ts';
import { chat, parseDraft, providerConfigured, type AiConfig } from './provider.server.ts';
import { findTemplate, type TemplateRow } from './templates.server.ts';

export interface DraftingInputs {
  template: TemplateRow;
  familyName: string;
  candidate?: CandidateFacts;
  /** The signed-in recruiter's display name, as saved now. */
  recruiterName: string;
  settings: DraftingSettings;
}

/** Reads what a draft needs (template, candidate, settings) inside the caller's transaction, as `userId`. */
export async function loadDraftingInputs(tx: Tx, input: GenerateContentInput, userId: string): Promise<DraftingInputs | null> {
  const found = await findTemplate(tx, input.templateId, input.language);
  if (!found) return null;
  const [organisation, profile] = [await organisationSettings(tx), await profileSettings(tx, userId)];
  return {
    template: found.row, familyName: found.familyName, candidate: await candidateFacts(tx, input.candidateData),
    recruiterName: profile.displayName,
    settings: {
      company: organisation.companyName, website: organisation.website, industry: organisation.industry,
      organisationSignature: organisation.signature, recruiterTitle: profile.title, signature: profile.signature,
    },
  };
}

// The database's record wins over what the browser sent; sent fields fill gaps.
async function candidateFacts(tx: Tx, data: CandidateData | null | undefined): Promise<CandidateFacts | undefined> {
  if (!data) return undefined;
  const sent: CandidateFacts = {
    name: data.name, jobFunction: data.jobFunction, skillTags: data.skillTags, location: data.location,
    preferredRole: data.preferredRole, seniorityLevel: data.seniorityLevel,
  };
  if (!data.id) return sent;
  const { rows } = await tx.query<CandidateFacts>(
    `select name, job_function as "jobFunction", skill_tags as "skillTags", location,
            preferred_role as "preferredRole", seniority_level as "seniorityLevel"
       from public.candidates where id = $1`, [data.id]);
  if (!rows[0]) return sent;
  const stored = rows[0];
  return {
    name: stored.name ?? sent.name,
    jobFunction: stored.jobFunction ?? sent.jobFunction,
    skillTags: stored.skillTags?.length ? stored.skillTags : sent.skillTags,
    location: stored.location ?? sent.location,
    preferredRole: stored.preferredRole ?? sent.preferredRole,
    seniorityLevel: stored.seniorityLevel ?? sent.seniorityLevel,
  };
}

export async function generateContent(ai: AiConfig, inputs: DraftingInputs, input: GenerateContentInput): Promise<Generation> {
  const started = performance.now();
  const { template, familyName, candidate } = inputs;
  const draftInput: DraftInput = {
    template, candidate, context: contextValues(input.additionalContext), recruiterName: inputs.recruiterName,
    prompt: input.prompt, settings: inputs.settings, channel: input.channel ?? 'email',
  };
  const draft = draftFromTemplate(draftInput);
  const base = {
    templateId: input.templateId,
    templateName: familyName,
    language: template.language,
    ...(template.language !== input.language ? { languageFallback: template.language } : {}),
  };

  if (!providerConfigured(ai)) {
    return {
      success: true, subject: draft.subject, content: draft.content, error: null,
      metadata: {
        ...base, source: 'template', placeholders: draft.missing,
        note: 'Template draft, not written by AI (no AI provider is configured). Review and edit before sending.',
        durationMs: Math.round(performance.now() - started),
      },
    };
  }

  const values = draftValues(draftInput);
  const { text, model } = await chat(ai, [
    { role: 'system', content: systemPrompt(input.language, input.channel ?? 'email', Boolean(candidate), Boolean(values.signature)) },
    { role: 'user', content: userPrompt(draft, input, candidate, familyName, inputs, values) },
  ]);
  const parsed = parseDraft(text);
  // A placeholder the model kept although we know its value is filled all the same (a pool's
  // per-recipient ones are not among the values unless the prompt named them: they stay for the send).
  const subject = fillPlaceholders(parsed.subject ?? draft.subject, values);
  const content = fillPlaceholders(parsed.body || draft.content, values);
  return {
    success: true, subject, content, error: null,
    metadata: {
      ...base, source: 'ai', model,
      // What the template draft names too: the blanks only the recruiter can fill (a pool's {{firstName}} is filled per recipient).
      placeholders: unfilledContextPlaceholders(`${subject}\n${content}`),
      durationMs: Math.round(performance.now() - started),
    },
  };
}

function systemPrompt(language: Language, channel: 'email' | 'whatsapp', oneCandidate: boolean, signed: boolean): string {
  return [
    'You write outreach messages for a recruiter at a recruiting agency.',
    `Write in ${language === 'dutch' ? 'Dutch (informal "je", as usual in Dutch recruiting)' : 'English'}.`,
    channel === 'whatsapp'
      ? 'The message is sent on WhatsApp: keep it under 80 words, friendly, no formal sign-off.'
      : 'The message is an email: warm, concise (under 180 words), one clear call to action.',
    'Answer in exactly this form and nothing else: a first line "Subject: <subject>", an empty line, then the message body as plain text (no markdown).',
    oneCandidate
      ? 'Address the candidate by first name. Never invent facts about the candidate or the job.'
      : 'The message goes to a whole talent pool: keep {{firstName}} as the greeting name, it is filled in per recipient.',
    'Use the organisation and recruiter details given; never invent a company, website, date or place.',
    signed && channel === 'email' ? 'End the email with the signature given, exactly as written, on its own lines.' : '',
    'Keep any {{placeholder}} you have no value for exactly as written.',
  ].filter(Boolean).join('\n');
}

function userPrompt(draft: { subject: string; content: string }, input: GenerateContentInput, candidate: CandidateFacts | undefined,
  familyName: string, inputs: DraftingInputs, values: Record<string, string>): string {
  const lines = [`Template: ${familyName}`, `Starting point:\nSubject: ${draft.subject}\n\n${draft.content}`];
  if (input.prompt) lines.push(`Recruiter's instructions: ${input.prompt}`);
  const { settings } = inputs;
  const organisation = [
    settings.company && `company: ${settings.company}`, settings.website && `website: ${settings.website}`,
    settings.industry && `industry: ${settings.industry}`,
  ].filter(Boolean);
  if (organisation.length) lines.push(`Organisation: ${organisation.join('; ')}`);
  lines.push(`Recruiter: ${[`name: ${inputs.recruiterName}`, settings.recruiterTitle && `title: ${settings.recruiterTitle}`].filter(Boolean).join('; ')}`);
  // What the placeholders stand for, from the settings, the prompt and the context (the candidate's own are listed below).
  const known = placeholdersIn(`${inputs.template.subject}\n${inputs.template.body}`)
    .filter((name) => values[name] !== undefined && name !== 'signature').map((name) => `{{${name}}} = ${values[name]}`);
  if (known.length) lines.push(`Values of the template's placeholders: ${known.join('; ')}`);
  if (values.signature && input.channel !== 'whatsapp') lines.push(`Signature:\n${values.signature}`);
  if (candidate) {
    // Only what the letter needs: no email address or phone number leaves the building.
    const facts = [
      candidate.name && `name: ${candidate.name}`,
      candidate.jobFunction && `job function: ${candidate.jobFunction}`,
      candidate.seniorityLevel && `seniority: ${candidate.seniorityLevel}`,
      candidate.preferredRole && `preferred role: ${candidate.preferredRole}`,
      candidate.skillTags?.length && `skills: ${candidate.skillTags.join(', ')}`,
      candidate.location && `location: ${candidate.location}`,
    ].filter(Boolean);
    lines.push(`Candidate: ${facts.join('; ')}`);
  }
  if (typeof input.additionalContext === 'string' && input.additionalContext.trim()) lines.push(`Additional context: ${input.additionalContext.trim()}`);
  if (input.additionalContext && typeof input.additionalContext === 'object') lines.push(`Additional context: ${JSON.stringify(input.additionalContext)}`);
  return lines.join('\n\n');
}
