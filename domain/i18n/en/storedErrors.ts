// The reasons the server keeps in the database and answers later (decision 032): a message's
// delivery error, an inbound mail kept aside, an automatic pause. Part of the `errors` branch
// (errors.ts): `delivery.worker_lost_contact` is errors.delivery.worker_lost_contact. Stored as a
// code (`error_code`, `reason_code`) beside the English text; a provider's own words are a param
// (`detail`, `tail`), shown as they are after the words of ours.
export const delivery = {
  /** An SMTP server's, Microsoft Graph's or another failure's own words, as they were said. */
  provider_failed: '{{detail}}',
  worker_lost_contact: 'The worker lost contact with the database before sending',
  released: 'Released by its worker',
  campaign_cancelled: 'Not sent: the campaign was cancelled',
  /** Written by SQL (public.merge_candidates): the merged duplicate was further along in this campaign. */
  merged_duplicate: 'Not sent: the candidate was merged with a duplicate further along in this campaign',
  /** Microsoft Graph refused the recruiter's own mailbox (decision 039): no licence, not in the application access policy. */
  mailbox_refused: 'Not sent: Microsoft 365 refused to send from {{mailbox}} ({{status}}): {{detail}}',
  no_sender_mailbox: 'Not sent: mail leaves the recruiter\'s own mailbox, and this message has no recruiter with an email address',
  /** Written by SQL (private.exit_campaign_sequences): 'delivery.left_sequence.' || the exit reason. */
  left_sequence: {
    replied: 'Not sent: the candidate left the sequence (replied)',
    booked: 'Not sent: the candidate left the sequence (booked)',
    unsubscribed: 'Not sent: the candidate left the sequence (unsubscribed)',
    consent_withdrawn: 'Not sent: the candidate left the sequence (consent_withdrawn)',
    bounced: 'Not sent: the candidate left the sequence (bounced)',
    removed: 'Not sent: the candidate left the sequence (removed)',
    manual: 'Not sent: the candidate left the sequence (manual)',
  },
  /** `reason`: the bounce's own reason (domain/mail/bounces.server.ts bounceReason). */
  bounce_retry: '{{reason}}; sending again (retry {{retry}} of {{retries}})',
  bounce_gave_up: '{{reason}}; gave up after {{retries}} retries',
  /** WhatsApp (domain/whatsapp/cloud-api.server.ts): `tail` is Meta's code and words, " (131047): …". */
  whatsapp_undelivered: 'WhatsApp could not deliver the message',
  whatsapp_outside_window: "Outside WhatsApp's 24-hour window: the candidate can only be re-engaged with an approved template{{tail}}",
  whatsapp_rate_limit: "WhatsApp's rate limit was reached; sending again later{{tail}}",
  whatsapp_template_unknown: 'The WhatsApp template does not exist in this language or is not approved{{tail}}',
  whatsapp_template_mismatch: "The template's parameters do not match the approved template{{tail}}",
  whatsapp_cannot_receive: 'This number cannot receive WhatsApp messages{{tail}}',
  whatsapp_not_allowed: "This number is not in the WhatsApp test number's allowed list{{tail}}",
  whatsapp_invalid_number: 'Invalid WhatsApp number{{tail}}',
  whatsapp_token_refused: 'WhatsApp refused the access token (WHATSAPP_TOKEN){{tail}}',
  whatsapp_temporary: 'WhatsApp had a temporary problem{{tail}}',
  whatsapp_refused_message: 'WhatsApp refused the message{{tail}}',
  whatsapp_refused_request: 'WhatsApp refused the request{{tail}}',
  whatsapp_unreachable: 'Could not reach the WhatsApp Cloud API: {{detail}}',
  whatsapp_no_answer: 'Could not reach the WhatsApp Cloud API: no answer within {{seconds}} s',
  whatsapp_no_message_id: 'The WhatsApp Cloud API accepted the message without a message id',
  whatsapp_no_business_account: 'WHATSAPP_BUSINESS_ACCOUNT_ID is not set',
} as const;

/** Why an inbound mail was kept aside (domain/messages/inbound-email.server.ts); an unreadable one keeps its refusal's code. */
export const unmatched = {
  unknown_sender: 'Unknown sender {{from}} and no reference to a sent message',
  no_sender: 'No sender address and no reference to a sent message',
  unsubscribe_unknown: 'Unsubscribe mail (List-Unsubscribe address) for a message we do not know',
  bounce_unreadable: 'Bounce that could not be read ({{detail}})',
  bounce_no_status: 'Bounce without a status we could read',
  bounce_unmatched: 'Bounce ({{status}}) for {{recipient}}: no message of ours matches it',
  report_not_bounce: 'Delivery report ({{action}}, {{status}}) for {{recipient}}: not a bounce, nothing to do',
} as const;


/**
 * Why a recruiter's own mailbox is not read now (domain/messages/mailbox-sync.server.ts, decision 039), or not
 * connected (domain/integrations/mailboxes.server.ts, decision 040).
 */
export const mailbox = {
  refused: 'Microsoft 365 refused to read the mailbox {{mailbox}} ({{status}}): {{detail}}',
  throttled: 'Microsoft Graph asked to wait {{seconds}} s before reading {{mailbox}} again',
  failed: 'Microsoft Graph could not read {{mailbox}} ({{status}}): {{detail}}; reading it again in {{seconds}} s',
  send_refused: 'Microsoft 365 refused to send from the mailbox {{mailbox}} ({{status}}): {{detail}}',
  no_graph: 'Microsoft Graph is not configured, so this mailbox is not read',
  not_read_yet: 'Not read yet: it is read once mail leaves it, or at once with Sync now',
} as const;

/**
 * Why a meeting's reminder was not sent (domain/meetings/meeting-reminders.server.ts), shown on the meeting. A
 * candidate who may not be messaged on a channel says so by the blocker's own code (blockers.*); a provider's
 * failure by delivery.*.
 */
export const reminder = {
  no_candidate: 'Not sent: the meeting has no candidate',
  meeting_started: 'Not sent: the meeting had already started',
  meeting_moved_on: 'Not sent: the meeting no longer takes place at this time',
  whatsapp_no_template: 'Not sent: no WhatsApp reminder template is set (WHATSAPP_REMINDER_TEMPLATE)',
  whatsapp_template_not_approved: 'Not sent: the WhatsApp reminder template {{name}} is not among the approved templates (WHATSAPP_TEMPLATES)',
  whatsapp_template_parameters: 'Not sent: the WhatsApp reminder template {{name}} has {{count}} parameters; a reminder fills at most {{max}}',
  /** `detail`: the last failure, in English as it was said. */
  gave_up: '{{detail}} (gave up after {{attempts}} attempts)',
} as const;
