-- Graph change-notification subscriptions on the recruiters' inboxes (issue 28, decision 039): with an https
-- PUBLIC_URL, Graph tells POST /api/graph/notifications when mail arrives, and that mailbox is read at once
-- (polling stays). One per mailbox. Graph sends the subscription's secret (clientState) back with each
-- notification; only its SHA-256 is kept here. Renewed before expires_at by the worker.
create table public.mailbox_subscriptions (
  mailbox text primary key references public.mailboxes (email) on delete cascade,
  subscription_id text not null unique,
  client_state_hash text not null check (client_state_hash ~ '^[0-9a-f]{64}$'),
  notification_url text not null,
  expires_at timestamp with time zone not null,
  created_at timestamp with time zone default now() not null,
  renewed_at timestamp with time zone
);
comment on table public.mailbox_subscriptions is
  'The Graph change-notification subscription on a recruiter''s inbox (decision 039): its id, the SHA-256 of its '
  'clientState, the notification URL it was made for, and when it expires. Only service_role reads or writes it.';

alter table public.mailbox_subscriptions enable row level security;
revoke all on public.mailbox_subscriptions from anon, authenticated, service_role;
grant select, insert, update, delete on public.mailbox_subscriptions to service_role;
