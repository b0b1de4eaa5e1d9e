// What the API says about the state of things (decision 032): Settings → Integrations, "Send a
// test", the calendar on Meeting booking, a meeting's Teams link. An answer names its text by a
// code, a key of this branch (`states.<code>`); the server answers the English text beside it.
// `$t(states.teamsSetup)` is the engine's nesting (translator.ts): the one text of what to set for Teams.
export const states = {
  teamsSetup: 'set MS_TENANT_ID, MS_CLIENT_ID and MS_CLIENT_SECRET of an Entra app with the application permission Calendars.ReadWrite (admin consent); each recruiter needs a Teams licence and their profile email must be their Microsoft 365 address.',
  /** Meeting booking: whether Outlook busy times and Teams links are on. */
  calendar: {
    connected: 'Outlook busy times and Teams links are on',
    not_connected: 'Teams is not configured: meetings are confirmed and the candidate gets the invitation by email, but without a Teams link, and Outlook busy times are not checked. To turn it on, $t(states.teamsSetup)',
  },
  /**
   * What a recruiter reads instead, for the states whose text tells how to set things up (variable names, Entra
   * apps): the same paths as above; an admin reads those (serverText.ts stateText, audience 'recruiter').
   */
  forRecruiters: {
    calendar: {
      not_connected: 'Teams is not connected yet: meetings are confirmed by email with a calendar invitation, without a Teams link, and your Outlook busy times are not checked. Ask your admin to connect Microsoft Teams.',
    },
    teams: {
      not_configured: 'Teams is not connected yet, so this meeting has no Teams link: the candidate got the invitation by email. Ask your admin to connect Microsoft Teams.',
    },
    integrations: {
      ai: { fallback: { summary: 'Drafts are written by the built-in drafter, offline. Your admin can connect an AI model.' } },
      mail: { outbox: { summary: 'No mail service is connected yet: emails are kept in the dev outbox and nothing leaves. Ask your admin to connect one.' } },
      teams: { off: { summary: "Meetings are confirmed by email with an invitation, without a Teams link or Outlook's busy times. Ask your admin to connect Microsoft Teams." } },
      whatsapp: { off: { summary: 'WhatsApp messages are not sent yet. Ask your admin to connect WhatsApp.' } },
      signin: { builtin: { summary: 'You sign in with an account this server keeps; your admin manages the accounts in the Admin Portal.' } },
    },
    mailboxes: {
      no_graph: 'Ask your admin to connect Microsoft 365, so that your mail leaves your own mailbox and the answers are read from your inbox.',
      refused: 'Ask your admin to give Talentloop access to your mailbox, then choose Sync now.',
    },
  },
  /** Settings → Integrations: what to do about a recruiter's mailbox that is not read (by its error code; decision 040). */
  mailboxes: {
    no_graph: 'To read the recruiters\' own mailboxes, set MS_TENANT_ID, MS_CLIENT_ID, MS_CLIENT_SECRET and MS_MAILBOX of an Entra app with the application permissions Mail.Send and Mail.Read (admin consent), and choose "Each recruiter\'s own mailbox" under Organisation.',
    refused: 'Give the mailbox an Exchange Online licence and add it to the application access policy of the Entra app, then choose Sync now.',
  },
  /** A meeting's Teams state, where it says more than its name. */
  teams: {
    not_configured: 'Teams not configured: $t(states.teamsSetup) The meeting is confirmed and the candidate got the invitation by email.',
    link_failed: 'Teams link could not be created',
  },
  /** Settings → Integrations: each service's name, and per state what does the work (mode) and what that means (summary). */
  integrations: {
    names: { ai: 'AI provider', mail: 'Mail', teams: 'Microsoft Teams and Outlook', whatsapp: 'WhatsApp', signin: 'Sign-in' },
    signin: {
      builtin: {
        mode: 'Built-in accounts',
        summary: "People sign in with the accounts this server keeps in its own database; admins manage them in the Admin Portal. Set SUPABASE_URL, SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY and SUPABASE_JWT_SECRET to sign in with a Supabase project's Auth instead.",
      },
      supabase: {
        mode: 'Supabase Auth',
        summary: "People sign in with this Supabase project's Auth: it keeps the accounts, passwords and authenticator apps; Talentloop keeps usernames, roles, backup codes and the session list. Users made in Supabase's dashboard can sign in too.",
      },
    },
    ai: {
      fallback: {
        mode: 'Built-in offline drafter',
        summary: 'Drafts are written by the built-in drafter, offline. Set OPENAI_API_KEY (and OPENAI_BASE_URL for another OpenAI-compatible server) to use a model.',
      },
      configured: { mode: 'OpenAI-compatible API', summary: 'Drafts, subjects and reply sentiment come from this model.' },
    },
    mail: {
      smtp: { mode: 'SMTP', summary: 'Emails to candidates go out through this SMTP server.' },
      graph: { mode: 'Microsoft Graph', summary: 'Emails to candidates are sent from this Microsoft 365 mailbox.' },
      outbox: {
        mode: 'Dev outbox',
        summary: 'No mail service is configured: emails are kept in the dev outbox in the app and nothing leaves. Set SMTP_URL, or MS_MAILBOX with the Microsoft Graph app, to send.',
      },
    },
    teams: {
      off: {
        mode: 'Email invitations only',
        summary: "Meetings are confirmed by email with an invitation (ICS), without a Teams link or Outlook's busy times. To connect: $t(states.teamsSetup)",
      },
      configured: {
        mode: 'Microsoft Graph',
        summary: "Booked meetings go into each recruiter's Outlook calendar with a Teams link; Outlook's busy times are kept free.",
      },
    },
    whatsapp: {
      off: {
        mode: 'WhatsApp not configured',
        summary: 'WhatsApp messages are not sent. Set WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID (and WHATSAPP_APP_SECRET and WHATSAPP_VERIFY_TOKEN for replies) to connect the WhatsApp Business Cloud API.',
      },
      configured: {
        mode: 'WhatsApp Business Cloud API',
        summary: 'WhatsApp messages go out from this business number: text inside the 24-hour window, approved templates outside it.',
      },
    },
    /** A detail's label (its `labelCode`). */
    details: {
      server: 'Server', model: 'Model', apiKey: 'API key', login: 'Login', from: 'From', mailbox: 'Mailbox',
      phoneNumberId: 'Phone number id', accessToken: 'Access token', appSecret: 'App secret (webhook signatures)',
      verifyToken: 'Verify token (webhook handshake)', businessAccountId: 'Business account id (template texts)',
      approvedTemplates: 'Approved templates', templateProblems: 'Template problems', templateTexts: 'Template texts',
      meetingReminders: 'Meeting reminders by WhatsApp',
    },
    /** A detail's value when it is words of ours (its `valueCode`), not an address or a name. */
    values: {
      setNotShown: 'Set (not shown)', none: 'None', notSet: 'Not set', loginNotShown: 'User name and password (not shown)',
      smtpUnreadable: 'SMTP_URL could not be read',
      templateTextsNotShown: 'Not shown: set WHATSAPP_BUSINESS_ACCOUNT_ID',
      templateTextsUnreadable: 'Could not be read from Meta: {{error}}',
      templateTextsRead: 'Read from Meta ({{count}} templates in the business account)',
      reminderNotSet: 'Off: no template set (WHATSAPP_REMINDER_TEMPLATE); reminders go by email only',
      reminderUnlisted: 'Off: {{name}} (WHATSAPP_REMINDER_TEMPLATE) is not among the approved templates; reminders go by email only',
      reminderParameters: 'Off: {{name}} takes {{count}} values and a reminder fills in at most {{max}}; reminders go by email only',
      reminderDutchParameters: '{{name}} for English; off for Dutch: its Dutch version takes {{count}} values and a reminder fills in at most {{max}}, so Dutch candidates get reminders by email only',
      reminderEnglishParameters: '{{name}} for Dutch; off for English: its English version takes {{count}} values and a reminder fills in at most {{max}}, so English candidates get reminders by email only',
    },
    /** A WhatsApp template problem (a `templateProblems` detail's valueCode): the configuration's, or Meta's list against it. */
    problems: {
      entry_unreadable: '"{{entry}}" is not name:language:parameters (language en or nl, name in lower case with _)',
      not_at_meta: "{{template}} is not among the business account's templates at Meta",
      parameters_at_meta_one: '{{template}} has {{count}} parameter at Meta; WHATSAPP_TEMPLATES says {{configured}}',
      parameters_at_meta_other: '{{template}} has {{count}} parameters at Meta; WHATSAPP_TEMPLATES says {{configured}}',
    },
  },
  /** "Send a test": what the test found (`code` and `params` of the result). The provider's own words are a param. */
  integrationTests: {
    signin_answered: 'Supabase Auth at {{server}} answered ({{name}} {{version}}).',
    signin_refused: 'Supabase Auth at {{server}} answered {{status}}: {{detail}}',
    signin_unreachable: 'Supabase Auth at {{server}} could not be reached: {{detail}}',
    ai_answered: 'The AI provider answered (model {{model}}): "{{said}}"',
    ai_no_answer: 'The AI provider did not answer within {{seconds}} s.',
    /** The provider's own words, as it said them. */
    provider_said: '{{detail}}',
    mail_outbox: 'The test mail to {{to}} is in the dev outbox (no mail service is configured, so nothing left the app).',
    mail_graph_sent: 'Microsoft Graph accepted the test mail from {{mailbox}} to {{to}}.',
    mail_smtp_sent: 'The SMTP server at {{server}} accepted the test mail to {{to}}.',
    smtp_refused_connection: 'Could not connect to the SMTP server at {{server}}: nothing answered there (ECONNREFUSED).',
    smtp_login_refused: 'The SMTP server refused the login: {{detail}}',
    smtp_no_connection: 'Could not connect to the SMTP server at {{server}}: {{detail}}',
    smtp_timeout: 'The SMTP server at {{server}} did not answer in time.',
    smtp_dns: "The SMTP server's name could not be found ({{server}}): {{detail}}",
    smtp_connection_failed: 'The connection to the SMTP server at {{server}} failed: {{detail}}',
    smtp_refused_mail: 'The SMTP server refused the test mail: {{detail}}',
    smtp_deferred: 'The SMTP server deferred the test mail (try again later): {{detail}}',
    smtp_failed: 'The SMTP server at {{server}} failed: {{detail}}',
    entra_refused: "Microsoft Entra ID refused the app's credentials: {{detail}}",
    graph_no_token: 'Could not get a Microsoft Graph token: {{detail}}',
    graph_refused_mail: 'Microsoft Graph refused to send the test mail ({{status}}): {{detail}}',
    graph_mail_failed: 'Microsoft Graph could not send the test mail: {{detail}}',
    outbox_failed: 'The dev outbox could not store the test mail: {{detail}}',
    calendar_free: 'Microsoft Graph read the Outlook calendar of {{mailbox}}: free in the next hour.',
    calendar_busy_one: 'Microsoft Graph read the Outlook calendar of {{mailbox}}: {{count}} busy time in the next hour.',
    calendar_busy_other: 'Microsoft Graph read the Outlook calendar of {{mailbox}}: {{count}} busy times in the next hour.',
    graph_wait: 'Microsoft Graph asked to wait {{seconds}} s (too many requests). Try again then.',
    calendar_refused: 'Microsoft Graph refused to read the calendar of {{mailbox}} ({{status}}): {{detail}}',
    calendar_no_mailbox: 'Microsoft Graph found no mailbox {{mailbox}} (404): {{detail}} Is your profile email your Microsoft 365 address?',
    calendar_failed: 'Microsoft Graph could not read the calendar of {{mailbox}} ({{status}}): {{detail}}',
    whatsapp_answered: 'The WhatsApp Cloud API answered for the business number{{number}}; no message was sent.',
    failed: 'The test failed: {{detail}}',
  },
} as const;
