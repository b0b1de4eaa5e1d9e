// What the candidate's emails say (decision 024): the footer of every message and campaign mail
// (domain/mail/compose.server.ts), the meeting emails with their calendar invitation and the meeting's
// reminders (domain/meetings/meeting-mail-text.ts), and the new booking link after a no-show
// (domain/messages/rebook.server.ts); and the emails to admins (domain/mail/staff-mail.server.ts): the weekly
// erasure preview and new access requests. Plain text: the HTML part escapes it.
export const emails = {
  /** Messages and campaign mails: the recruiter wrote the rest. */
  message: {
    /** The subject of a message sent without one. */
    defaultSubject: 'A message from your recruiter',
    /** The footer under every message, above the unsubscribe link. */
    footer: 'You receive this email because you are part of our talent network.',
    /** The unsubscribe link's words (text part: "Unsubscribe: <link>"). */
    unsubscribe: 'Unsubscribe',
    /** The privacy page link's words under it, in every email (meeting emails too): "Your data: <link>". */
    privacy: 'Your data',
  },
  /**
   * The one consent renewal email (worker/jobs/consent-renewal.ts), before the candidate's email consent
   * ends; {{link}} is the keep-informed page, {{date}} the day consent ends.
   */
  renewal: {
    subject: 'Shall we keep you informed?',
    greeting: 'Hi {{name}},',
    greetingNoName: 'Hello,',
    consent: 'You agreed that we may email you about jobs that could suit you. That consent ends on {{date}}.',
    ask: 'Would you like to keep hearing from us? One click is enough:',
    noAnswer: 'If you do nothing, we stop emailing you on {{date}}. Your details stay with us; on the same page you can see, correct or erase them.',
  },
  /** The candidate's meeting emails: confirmed, moved, cancelled. */
  meeting: {
    subject: {
      confirmed: 'Meeting confirmed: {{title}}, {{when}}',
      rescheduled: 'Meeting moved: {{title}}, {{when}}',
      cancelled: 'Meeting cancelled: {{title}}, {{when}}',
    },
    /** The subject's time: "Monday 30 March 2026 at 09:00 CEST". */
    shortTime: '{{day}} at {{time}} {{zone}}',
    greeting: 'Hi {{name}},',
    greetingNoName: 'Hello,',
    opening: {
      confirmed: 'Thank you for booking. Your meeting with {{recruiter}} is confirmed.',
      rescheduled: 'Your meeting with {{recruiter}} has moved to a new time.',
      cancelledByCandidate: 'You cancelled your meeting with {{recruiter}}.',
      cancelledByRecruiter: '{{recruiter}} had to cancel your meeting.',
      cancelled: 'Your meeting with {{recruiter}} has been cancelled.',
    },
    reason: 'Reason: {{reason}}',
    /** "Intro call (30 minutes)". */
    what: '{{title}} ({{minutes}} minutes)',
    when: 'When: {{when}}',
    /** Both in one zone; `recruiter` is the recruiter's first name. */
    sharedTimeZone: "Time zone: {{zone}} (yours and {{recruiter}}'s)",
    whenYours: 'When (your time): {{when}}',
    yourTimeZone: 'Your time zone: {{zone}}',
    whenTheirs: "When ({{recruiter}}'s time): {{when}}",
    theirTimeZone: "{{recruiter}}'s time zone: {{zone}}",
    whereByPhone: 'Where: by phone, {{number}}',
    wherePlace: 'Where: {{place}}',
    /** Followed by the join link. */
    whereTeamsJoin: 'Where: Microsoft Teams, join at',
    whereTeamsInvitation: 'Where: Microsoft Teams. The Microsoft Teams link follows in the calendar invitation.',
    whereTeamsLater: 'Where: Microsoft Teams. {{recruiter}} will send you the link to join.',
    /** Who sends the Teams link when the recruiter has no first name. */
    yourRecruiter: 'Your recruiter',
    yourNote: 'Your note: {{note}}',
    /** Each followed by its link. */
    bookAgain: 'Would you like to meet after all? Book a new time:',
    reschedule: 'Need another time? Reschedule:',
    cancel: 'Cannot make it? Cancel:',
    /** The Outlook event (with Microsoft Graph), which Outlook's invitation shows the candidate: its body (HTML around the links). */
    outlook: {
      intro: '{{title}} with {{recruiter}}.',
      noteFrom: 'Note from {{name}}:',
      /** Whose note, when the candidate has no name on record. */
      theCandidate: 'the candidate',
      changeBefore: 'Need another time? ',
      reschedule: 'Reschedule',
      changeBetween: ' or ',
      cancel: 'cancel',
      changeAfter: '.',
      /** The cancellation's comment when no reason was given. */
      cancelled: 'Cancelled',
    },
    /** The calendar invitation (ICS): its SUMMARY, DESCRIPTION and LOCATION. */
    calendar: {
      summary: '{{title}}',
      intro: '{{title}} with {{recruiter}} ({{minutes}} minutes).',
      note: 'Note: {{note}}',
      phone: 'Phone: {{number}}',
      teams: 'Microsoft Teams',
    },
  },
  /**
   * A meeting's reminder before it starts (the worker, domain/meetings/meeting-reminders.server.ts): the words
   * of emails.meeting for the meeting itself (what, when, where, reschedule, cancel), these around them.
   */
  meetingReminder: {
    /** "Reminder: Intro call, Monday 30 March 2026 at 12:30 IST". */
    subject: 'Reminder: {{title}}, {{when}}',
    opening: 'A reminder of your meeting with {{recruiter}}.',
  },
  /** After a no-show, the recruiter's one click: a message in the thread with a new booking link (its greeting is emails.meeting.greeting). */
  /**
   * To each admin, each Monday (domain/data-rights/retention-digest.server.ts): whom the retention rules erase in
   * the week ahead. {{week}}, {{from}}, {{until}}, {{date}}: dates; {{rule}}: dataRights.kinds.
   */
  retentionDigest: {
    subject: 'Erasures in the week of {{week}}: {{count}}',
    greeting: 'Hello {{name}},',
    intro: 'The retention rules erase these candidates from {{from}} up to and including {{until}}, unless you exempt someone or they become active again:',
    item: '{{date}}: {{name}} ({{rule}})',
    more: '… and {{count}} more.',
    /** Followed on the same line by the link to the Admin Portal's Retention tab. */
    review: 'See them all, exempt someone with a reason, or change the rules:',
    why: 'You get this email each Monday as an admin of Talentloop. An admin can switch it off in Settings, Organisation.',
  },
  /** To each admin, within 5 minutes of new requests on the Request Access page (domain/mail/access-request-notice.server.ts). */
  accessRequests: {
    subject: 'New access requests: {{count}}',
    greeting: 'Hello {{name}},',
    intro: 'These people asked for a Talentloop account:',
    item: '{{name}} <{{email}}>',
    itemWithCompany: '{{name}} <{{email}}>, {{company}}',
    /** Followed on the same line by the link to the Admin Portal's Access requests tab. */
    review: 'Read their messages, then approve or reject them:',
    why: 'You get this email as an admin of Talentloop. An admin can switch it off in Settings, Organisation.',
  },
  meetingRebook: {
    subject: 'A new time for {{title}}',
    /** `when`: the meeting's time as the reminder's subject says it ("Monday 30 March 2026 at 12:30 IST"). */
    missed: 'We were due to meet for {{title}} on {{when}}, but we did not get to talk.',
    /** Followed on the next line by the link. */
    choose: 'Would you like to choose a new time? Book one that suits you here:',
  },
};
