// The subjects of a sequence's follow-ups (issue 12, decision 018): a follow-up's own subject, or, left
// empty, "Re: " + the previous step's subject as it is sent (domain/mail/reply-subject.ts), so it lands
// in the same thread. The one rule for the API (domain/campaigns createCampaign stores what it gives) and
// the wizard (the payload, the fields' defaults, what blocks "Next"). Browser-safe.
import { replySubject } from '../mail/reply-subject.ts';

export interface FollowUpSubject {
  /** What the follow-up is sent with. */
  subject: string;
  /** What it is sent with when its own subject is left empty: "Re: " + the previous step's subject. */
  defaultSubject: string;
}

/**
 * Each follow-up's subject, in order, from step 1's subject and the follow-ups' own (empty, blank, null or
 * absent: the default). Step 2 answers step 1, step 3 step 2 as it is sent, and so on ("Re: Re:" never).
 */
export function followUpSubjects(firstSubject: string, ownSubjects: ReadonlyArray<string | null | undefined>): FollowUpSubject[] {
  const chain: FollowUpSubject[] = [];
  let previous = firstSubject.trim();
  for (const own of ownSubjects) {
    const defaultSubject = replySubject(previous);
    previous = own?.trim() || defaultSubject;
    chain.push({ subject: previous, defaultSubject });
  }
  return chain;
}

/**
 * The other way round: the follow-ups' own subjects from those they are sent with, '' where a subject is its
 * default ("Re: " + the previous step's as sent). A copy of a sequence then follows a changed first subject.
 */
export function ownFollowUpSubjects(firstSubject: string, sentSubjects: ReadonlyArray<string>): string[] {
  let previous = firstSubject.trim();
  return sentSubjects.map((sent) => {
    const own = sent.trim() === replySubject(previous) ? '' : sent;
    previous = sent.trim();
    return own;
  });
}
