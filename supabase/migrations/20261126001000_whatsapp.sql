-- WhatsApp as a channel (issue 14, decision 025): template messages, delivery
-- statuses, the webhook's event log (each event once), and finding a candidate
-- by phone number.

-- An outbound WhatsApp message outside the 24-hour window is an approved
-- template: {"name", "language" ('en'|'nl'), "parameters": [text, ...]}.
alter table public.messages add column whatsapp_template jsonb
  check (whatsapp_template is null or (jsonb_typeof(whatsapp_template) = 'object' and whatsapp_template ? 'name' and whatsapp_template ? 'language'));
-- Meta's statuses of an outbound WhatsApp message (sent → delivered → read, or failed), the furthest one.
alter table public.messages add column delivery_status text check (delivery_status in ('sent', 'delivered', 'read', 'failed'));
alter table public.messages add column delivery_status_at timestamptz;
grant update (delivery_status, delivery_status_at) on public.messages to service_role;

-- A campaign's first step may go by WhatsApp template to those who allow it (email to the rest).
alter table public.campaigns add column whatsapp_template jsonb
  check (whatsapp_template is null or (jsonb_typeof(whatsapp_template) = 'object' and whatsapp_template ? 'name' and whatsapp_template ? 'language'));

-- Every webhook event, once: a message by its wamid, a status by wamid and status.
-- Kept whether or not a candidate or message matched (an unknown number loses nothing).
create table public.whatsapp_events (
  id bigint generated always as identity primary key,
  dedupe_key text not null unique,
  kind text not null check (kind in ('message', 'status')),
  wamid text not null,
  status text,
  -- E.164 of the candidate's side (the sender of a message, the recipient of a status).
  phone text,
  candidate_id bigint references public.candidates (id) on delete cascade,
  message_id bigint references public.messages (id) on delete cascade,
  error_code integer,
  error_text text,
  occurred_at timestamptz,
  -- stored | unknown_number | ignored | status_recorded | unknown_message
  outcome text not null,
  payload jsonb not null,
  received_at timestamptz not null default now()
);
create index whatsapp_events_wamid on public.whatsapp_events (wamid);
create index whatsapp_events_unmatched on public.whatsapp_events (received_at desc) where candidate_id is null;
alter table public.whatsapp_events enable row level security;
grant all on public.whatsapp_events to service_role;
grant select on public.whatsapp_events to authenticated;
create policy whatsapp_events_read on public.whatsapp_events for select to authenticated using (public.is_member());
comment on table public.whatsapp_events is
  'WhatsApp Cloud API webhook events, each once (dedupe_key). Policy whatsapp_events_read: members read; only service_role writes.';

-- The digits of a phone number as typed ("+31 6-1234 5678" → "31612345678").
create or replace function public.phone_digits(p text) returns text
  language sql immutable parallel safe set search_path = pg_catalog
  as $$ select nullif(regexp_replace(coalesce(p, ''), '[^0-9]', '', 'g'), '') $$;
grant execute on function public.phone_digits(text) to authenticated, service_role;

-- An inbound number is looked up by its last nine digits (the subscriber number without a
-- country or trunk prefix), then compared exactly in E.164 by domain/whatsapp/numbers.ts.
create index candidates_whatsapp_tail on public.candidates (right(public.phone_digits(whatsapp_number), 9));
create index candidates_phone_tail on public.candidates (right(public.phone_digits(phone), 9));
