-- Admins are told of new access requests by email (domain/mail/access-request-notice.server.ts): every 5 minutes
-- the worker takes the pending requests nobody was told of yet and emails each admin one list of them. The
-- organisation can switch it off.
alter table public.access_requests add column admins_told_at timestamp with time zone;
comment on column public.access_requests.admins_told_at is
  'When the admins were emailed about this request; null: not yet.';
create index access_requests_untold on public.access_requests (created_at) where ((status = 'pending'::text) and (admins_told_at is null));

alter table public.organisation_settings add column access_request_emails boolean default true not null;
comment on column public.organisation_settings.access_request_emails is
  'Whether admins get an email when someone asks for access.';
grant update (access_request_emails) on public.organisation_settings to authenticated;
