-- Mail in the recruiter's own mailbox (issue 28, decision 039): the organisation chooses whether a
-- recruiter's mail leaves the one shared mailbox ('shared', as before) or the recruiter's own
-- Microsoft 365 mailbox ('recruiter', through Microsoft Graph).
alter table public.organisation_settings add column send_from text default 'shared' not null
  check (send_from in ('shared', 'recruiter'));
comment on column public.organisation_settings.send_from is
  'shared: mail leaves the configured mailbox (MS_MAILBOX, MAIL_FROM); recruiter: each recruiter''s mail leaves '
  'their own Microsoft 365 mailbox (their profile email) through Microsoft Graph (decision 039).';
grant update (send_from) on public.organisation_settings to authenticated;
