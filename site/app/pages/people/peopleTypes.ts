// Shapes of the people API replies (docs/api.md "Candidates", "Talent pools", "Imports").
export { CONTACT_METHODS, SENIORITY_LEVELS } from '#domain/candidates/schemas.ts';

import type { ContactBlocker } from '#domain/consent/eligibility.ts';

export type CandidateId = number;

export interface Candidate {
  id: CandidateId;
  name: string;
  email: string | null;
  phone: string | null;
  whatsappNumber: string | null;
  allowsEmail: boolean;
  allowsWhatsapp: boolean;
  talentPoolId: number | null;
  talentPoolIds: number[];
  preferredContactMethod: 'email' | 'whatsapp' | 'phone' | (string & {});
  jobFunction: string | null;
  skillTags: string[];
  seniorityLevel: string | null;
  location: string | null;
  preferredRole: string | null;
  leadScore: number;
  engagementScore: number;
  unsubscribedAt: string | null;
  whatsappOptedOutAt: string | null;
  notes: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface ConsentEvent {
  channel: 'email' | 'whatsapp' | (string & {});
  granted: boolean;
  source: string;
  wording: string | null;
  createdAt: string;
  createdBy: string | null;
}

export interface CandidateMessage {
  id: number;
  subject: string | null;
  direction: 'outbound' | 'inbound' | (string & {});
  channel: string;
  sentiment: string | null;
  status: string | null;
  createdAt: string;
  autoReply?: boolean;
  autoReplyUntil?: string | null;
  optOutReview?: boolean;
}

export interface CandidateDetail extends Candidate {
  pools: { id: number; name: string }[];
  consentHistory: ConsentEvent[];
  /** Why the candidate cannot be contacted now (codes of domain/consent/eligibility.ts); empty: they can. */
  contactBlockers?: { email: ContactBlocker[]; whatsapp: ContactBlocker[] };
  messages: CandidateMessage[];
  engagement: { opens: number; clicks: number; replies: number; score: number };
}

export interface TalentPool {
  id: number;
  name: string;
  description: string | null;
  candidateCount: number;
}


/** "medior" → "Medior". */
export function capitalize(text: string): string {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}
