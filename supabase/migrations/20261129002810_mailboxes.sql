-- The recruiters' own mailboxes (issue 28, decision 039): one row per mailbox that sent mail as its
-- recruiter, with the state of reading its inbox. The Graph delta link is kept here, so a restart goes on
-- where the last read ended; the claim (sync_claimed_by, a worker heartbeat id) lets one worker at a time
-- read a mailbox; retry_after holds Graph's throttling and the back-off after its failures.
create table public.mailboxes (
  email text primary key check (email = lower(email) and email ~ '^[^@\s]+@[^@\s]+$'),
  user_id uuid references public.profiles (id) on delete set null,
  state text default 'syncing' not null check (state in ('syncing', 'error')),
  error text,
  error_code text,
  error_params jsonb,
  last_sync_at timestamp with time zone,
  delta_link text,
  retry_after timestamp with time zone,
  failures integer default 0 not null,
  sync_claimed_by text,
  sync_claimed_at timestamp with time zone,
  created_at timestamp with time zone default now() not null
);
comment on table public.mailboxes is
  'A recruiter''s own Microsoft 365 mailbox that sends their mail; its inbox is read for candidates'' answers '
  '(decision 039). Policy mailboxes_read: members read; only service_role writes.';
comment on column public.mailboxes.delta_link is 'Graph''s @odata.deltaLink of the last complete read of the inbox; null: start again from the last 7 days.';

alter table public.mailboxes enable row level security;
revoke all on public.mailboxes from anon, authenticated, service_role;
grant select (email, user_id, state, error, error_code, error_params, last_sync_at) on public.mailboxes to authenticated;
grant select, insert, update on public.mailboxes to service_role;
create policy mailboxes_read on public.mailboxes for select to authenticated using (is_member());

-- Which recruiter's mailbox a message went out from or came in to (null: the shared sender, the inbound route).
alter table public.messages add column mailbox text;
comment on column public.messages.mailbox is
  'The recruiter''s own mailbox (public.mailboxes.email) it went out from or was read from (decision 039); null: the '
  'shared sender or POST /api/inbound/email.';
grant update (mailbox) on public.messages to service_role;
