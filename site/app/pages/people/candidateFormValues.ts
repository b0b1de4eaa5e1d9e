// What the candidate form edits, its starting values, and the request body it
// sends. Validation is the API's own schema (domain/candidates/schemas.ts).
import type { Candidate, CandidateCreate, CandidateDetail } from '#domain/candidates/schemas.ts';
import type { Language } from '#domain/schemas/language.ts';

/** The candidate an edit starts from: the detail (with its zone) or a list row. */
export type FormCandidate = Candidate & { timeZone?: CandidateDetail['timeZone'] };

export interface CandidateFormValues {
  name: string;
  email: string;
  phone: string;
  whatsappNumber: string;
  preferredContactMethod: 'email' | 'whatsapp' | 'phone';
  jobFunction: string;
  seniorityLevel: string | null;
  location: string;
  preferredRole: string;
  skillTags: string[];
  leadScore: number;
  notes: string;
  /** The zone set by hand; '' infers it from the location (the schema reads blank as null). */
  timeZone: string;
  /** The candidate's language; '' is not known (the schema reads blank as null). */
  language: '' | Language;
  /** Create only: memberships change through the pool actions afterwards. */
  talentPoolIds: number[];
  /** Create only: afterwards consent changes through the switches (and the ledger). */
  allowsEmail: boolean;
  allowsWhatsapp: boolean;
}

/** The form's fields, for mapping a server's `{ field }` to an input. */
export const CANDIDATE_FORM_FIELDS = [
  'name', 'email', 'phone', 'whatsappNumber', 'preferredContactMethod', 'jobFunction', 'seniorityLevel',
  'location', 'preferredRole', 'skillTags', 'leadScore', 'notes', 'timeZone', 'language', 'talentPoolIds', 'allowsEmail', 'allowsWhatsapp',
] as const satisfies readonly (keyof CandidateFormValues)[];

export function candidateFormDefaults(candidate: FormCandidate | null, poolId: number | null = null): CandidateFormValues {
  const contact = candidate?.preferredContactMethod;
  return {
    name: candidate?.name ?? '',
    email: candidate?.email ?? '',
    phone: candidate?.phone ?? '',
    whatsappNumber: candidate?.whatsappNumber ?? '',
    preferredContactMethod: contact === 'whatsapp' ? 'whatsapp' : contact === 'phone' ? 'phone' : 'email',
    jobFunction: candidate?.jobFunction ?? '',
    seniorityLevel: candidate?.seniorityLevel ?? null,
    location: candidate?.location ?? '',
    preferredRole: candidate?.preferredRole ?? '',
    skillTags: candidate?.skillTags ?? [],
    leadScore: candidate?.leadScore ?? 0,
    notes: candidate?.notes ?? '',
    // Only a zone set by hand is the form's: an inferred one follows the location.
    timeZone: candidate?.timeZone?.source === 'manual' ? candidate.timeZone.zone : '',
    language: candidate?.language ?? '',
    talentPoolIds: candidate?.talentPoolIds ?? (poolId ? [poolId] : []),
    // The database defaults: email allowed, WhatsApp not.
    allowsEmail: candidate?.allowsEmail ?? true,
    allowsWhatsapp: candidate?.allowsWhatsapp ?? false,
  };
}

/** An edit sends the profile fields only (consent and pools have their own actions). */
export function updateBody(values: CandidateCreate): Partial<CandidateCreate> {
  const { talentPoolIds: _pools, allowsEmail: _email, allowsWhatsapp: _whatsapp, consentWording: _wording, ...profile } = values;
  return profile;
}
