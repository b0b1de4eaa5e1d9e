-- A reminder email links to the candidate's privacy page as every email does (issue 30): its own token,
-- as a meeting email has (meeting_notifications.privacy_token).
alter table public.meeting_reminders
  add column privacy_token text default encode(gen_random_bytes(12), 'hex'::text) not null unique;
