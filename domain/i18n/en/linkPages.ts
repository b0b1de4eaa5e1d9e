// The small pages an email's links open, rendered by the API without client JS:
// the unsubscribe page (edge-functions/routes/unsubscribe.ts), the candidate's privacy page and
// keep-informed page (edge-functions/routes/privacy.ts) and a tracked link that is
// not valid (edge-functions/routes/tracking.ts). In the visitor's language (Accept-Language).
export const linkPages = {
  unsubscribe: {
    /** GET: asks first (mail scanners follow links, so a GET changes nothing). */
    confirm: {
      title: 'Unsubscribe',
      heading: 'Unsubscribe, {{name}}?',
      headingNoName: 'Unsubscribe?',
      text: 'You will no longer receive emails from our recruiters.',
      button: 'Unsubscribe',
    },
    unsubscribed: {
      title: 'Unsubscribed',
      heading: 'You are unsubscribed',
      text: 'You will not receive our emails any more.',
      changedMind: 'Changed your mind?',
      button: 'I changed my mind: email me again',
    },
    resubscribed: {
      title: 'Subscribed again',
      heading: 'Welcome back',
      text: 'You will receive our emails again. You can unsubscribe at any time with the link in every email.',
    },
    notValid: {
      title: 'Link not valid',
      heading: 'This link is not valid',
      text: 'It may have been copied incompletely.',
    },
  },
  /**
   * The candidate's privacy page (/privacy/{token}, edge-functions/routes/privacy.ts): what we hold about them,
   * the download, corrections, consent per channel and erasure. In the candidate's language, else the browser's.
   */
  privacy: {
    title: 'Your data',
    heading: 'Your data, {{name}}',
    headingNoName: 'Your data',
    intro: 'This is what we hold about you. You can download it, correct your name, phone number and location, withdraw your consent, or ask us to erase it.',
    details: {
      heading: 'Your details',
      name: 'Name',
      email: 'Email',
      phone: 'Phone',
      location: 'Location',
      jobFunction: 'Job function',
      skills: 'Skills',
      seniority: 'Seniority',
      source: 'How we got your details',
      created: 'On file since',
      none: 'Not on file',
      sources: { import: 'A recruiter imported them from a list', recruiter: 'A recruiter added them' },
    },
    pools: {
      none: 'You are in no talent pools.',
      one: 'You are in 1 talent pool.',
      many: 'You are in {{count}} talent pools.',
    },
    messages: {
      heading: 'Messages',
      none: 'No messages.',
      date: 'Date',
      direction: 'From',
      subject: 'Subject',
      out: 'Us',
      in: 'You',
      noSubject: '(no subject)',
    },
    meetings: {
      heading: 'Meetings',
      none: 'No meetings.',
      date: 'Date',
      status: 'Status',
    },
    consent: {
      heading: 'Your consent',
      emailGranted: 'You allow us to email you until {{date}}.',
      emailGrantedNoEnd: 'You allow us to email you.',
      emailNot: 'We do not email you.',
      emailExpired: 'Your consent to email ended on {{date}}. We no longer email you.',
      whatsappGranted: 'You allow us to message you on WhatsApp.',
      whatsappNot: 'We do not message you on WhatsApp.',
      withdrawEmail: 'Stop emails',
      withdrawWhatsapp: 'Stop WhatsApp messages',
      grantEmail: 'Email me about jobs',
      history: 'History',
      none: 'No consent recorded.',
      date: 'Date',
      channel: 'Channel',
      choice: 'Choice',
      wording: 'What was recorded',
      channels: { email: 'Email', whatsapp: 'WhatsApp' },
      granted: 'Allowed',
      withdrawn: 'Withdrawn',
    },
    download: {
      heading: 'Download your data',
      text: 'All of the above, with the opens and clicks of our emails, as a JSON file.',
      button: 'Download (JSON)',
    },
    correct: {
      heading: 'Correct your details',
      name: 'Name',
      phone: 'Phone',
      location: 'Location',
      button: 'Save corrections',
    },
    erase: {
      heading: 'Erase your data',
      text: 'We erase everything we hold about you 7 days after you ask. Until then you can change your mind.',
      button: 'Erase my data',
      scheduled: 'Your data will be erased on {{date}}.',
      undo: 'Undo: keep my data',
      refused: 'We must keep your data for now: {{reason}}',
    },
    /** After a form on the page: the page again, with one of these at the top. */
    notices: {
      corrected: 'Your details are corrected.',
      unchanged: 'Nothing to correct: your details were already so.',
      emailWithdrawn: 'We will not email you any more.',
      whatsappWithdrawn: 'We will not message you on WhatsApp any more.',
      emailGranted: 'We may email you again.',
      whatsappGranted: 'We may message you on WhatsApp again.',
      erasureScheduled: 'Your data will be erased on {{date}}. You can undo this until then.',
      erasureUndone: 'Your data will not be erased.',
    },
    /** A form value the page cannot take: the field's words, then the reason. */
    invalid: 'Not saved: {{reason}}',
    notValid: {
      title: 'Link not valid',
      heading: 'This link is not valid',
      text: 'It may have been copied incompletely. Every email we send you has a link to this page.',
    },
  },
  /** The consent renewal email's link: one button that renews (a GET changes nothing). */
  keepInformed: {
    title: 'Keep me informed',
    heading: 'Shall we keep you informed, {{name}}?',
    headingNoName: 'Shall we keep you informed?',
    text: 'Your consent for us to email you about jobs ends on {{date}}. Renew it with one click.',
    textExpired: 'Your consent for us to email you about jobs has ended. Give it again with one click.',
    button: 'Keep me informed',
    done: {
      title: 'Thank you',
      heading: 'Thank you',
      text: 'We may email you about jobs until {{date}}. You can stop this at any time with the link in every email.',
    },
    privacyLink: 'See or change what we hold about you',
  },
  trackedLink: {
    notValid: {
      title: 'Link not valid',
      heading: 'This link is not valid',
      text: 'It may have been copied incompletely. The email it came from still has the right link.',
    },
  },
  /** When the page cannot answer: the database is not answering (503), or something else failed (500). */
  unavailable: {
    title: 'Please try again',
    heading: 'This page is not available right now',
    text: 'Something went wrong on our side. Please try again in a few minutes.',
  },
};
