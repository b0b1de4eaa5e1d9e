// Shapes of the messaging API replies (docs/api.md: messages, ai, campaigns, outbox).

export type Sentiment = 'positive' | 'negative' | 'neutral' | 'other';
export type Channel = 'email' | 'whatsapp';
export type CampaignType = 'nurture' | 'announcement' | 'followup' | 'event';

export interface Candidate {
  id: number;
  name: string;
  email: string | null;
  phone?: string | null;
  whatsappNumber?: string | null;
  allowsEmail?: boolean | null;
  allowsWhatsapp?: boolean | null;
  unsubscribedAt?: string | null;
  whatsappOptedOutAt?: string | null;
  talentPoolId?: number | null;
  talentPoolIds?: number[] | null;
  jobFunction?: string | null;
  skillTags?: string[] | null;
  location?: string | null;
  preferredRole?: string | null;
  seniorityLevel?: string | null;
}

export interface TalentPool {
  id: number;
  name: string;
  candidateCount: number;
}

export interface AiTemplate {
  templateId: string;
  name: string;
  description?: string | null;
  category?: string;
}

export interface AiSuggestion {
  id: number;
  templateId: string;
  name: string;
  description: string | null;
  category: string;
}

export interface GenerationResponse {
  success: boolean;
  content: string;
  subject: string;
  error: string | null;
  metadata?: { templateName?: string; note?: string; placeholders?: string[] };
}

export interface Message {
  id: number;
  subject: string | null;
  content: string;
  sentiment: Sentiment | null;
  createdAt: string;
  candidate?: { id: number; name: string; email?: string | null } | null;
  direction?: 'in' | 'out';
  channel?: Channel;
  status?: string;
  threadId?: number;
  readAt?: string | null;
  error?: string | null;
  /** Inbound only: an automatic reply, the date its sender is back (YYYY-MM-DD), a possible opt-out to review. */
  autoReply?: boolean;
  autoReplyUntil?: string | null;
  optOutReview?: boolean;
}

export interface ThreadSummary {
  threadId: number;
  subject: string | null;
  messageCount: number;
  unreadCount: number;
  lastMessageAt: string;
  sentiment: Sentiment | null;
  candidate: { id: number; name: string };
  lastMessage: { id: number; content: string; direction: 'in' | 'out'; status: string; createdAt: string };
}

export interface Thread {
  threadId: number;
  subject: string | null;
  candidate: { id: number; name: string; email?: string | null };
  unreadCount: number;
  messages: Message[];
}

export interface CampaignSummary {
  id: number;
  name: string;
  campaignType: string;
  status: string;
  talentPoolId: number | null;
  talentPoolName: string | null;
  emailSubject: string;
  language: string | null;
  scheduledAt: string | null;
  startedAt: string | null;
  completedAt: string | null;
  createdAt: string;
  recipients: number;
  pending: number;
  sent: number;
  skipped: number;
  failed: number;
}

export interface CampaignDetail extends CampaignSummary {
  emailContent?: string;
  progress?: {
    recipients: number; pending: number; sent: number; skipped: number; failed: number; percent: number;
    skipReasons: { reason: string; count: number }[];
    eligibleNow: number;
  };
}

export interface OutboxMailSummary {
  id: number;
  messageId: number | null;
  from: string;
  to: string;
  subject: string;
  createdAt: string;
}

export interface OutboxMail extends OutboxMailSummary {
  internetMessageId?: string;
  replyTo: string | null;
  text: string | null;
  html: string | null;
  headers: Record<string, string>;
  raw?: string;
}

export interface OutboxReplyResult {
  status: string;
  messageId?: number;
  message?: Message;
  reason?: string;
}
