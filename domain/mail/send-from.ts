// Whose mailbox a recruiter's mail leaves (decision 039): the one shared mailbox (MS_MAILBOX or MAIL_FROM, as
// before), or, with Microsoft Graph, the recruiter's own Microsoft 365 mailbox. Browser-safe: the settings
// schema and form read it. public.organisation_settings.send_from's check says the same.
export const SEND_FROM = ['shared', 'recruiter'] as const;
export type SendFrom = (typeof SEND_FROM)[number];
