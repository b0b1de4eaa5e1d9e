-- Messages in and out, by email and WhatsApp: threads and the needs-reply flag on a thread's root,
-- the delivery claim that names its worker (decision 011), send_after and the wait for a sender limit
-- (decision 019), tracking tokens (decision 017), WhatsApp templates and statuses (decision 025). Consent
-- is checked for every role by the trigger messages_consent (its function is in consent.sql). Also the
-- inbound mail that matched no thread or candidate, kept for a human.
--
-- The current schema, not its history: supabase/migrations/ is what databases apply. A change
-- is a new migration plus the same change here (by hand, or npm run schema:files);
-- tests/db/declarative-schema.test.ts fails until both make the same schema (decision 031).

-- ---------------------------------------------------------------- tables

create table public.messages (
  id bigint generated always as identity primary key,
  candidate_id bigint not null references public.candidates (id) on delete cascade,
  thread_id bigint references public.messages (id) on delete cascade,
  original_message_id bigint references public.messages (id) on delete set null,
  campaign_id bigint, -- references public.campaigns (campaigns.sql)
  direction text not null check (direction in ('in', 'out')),
  channel text not null check (channel in ('email', 'whatsapp')),
  subject text,
  content text not null,
  sentiment text check (sentiment in ('positive', 'negative', 'neutral', 'other')),
  removal_requested boolean default false not null,
  status text default 'queued'::text not null check (status in ('draft', 'queued', 'sending', 'sent', 'failed',
    'received')),
  allow_whatsapp_replies boolean default true not null,
  provider_message_id text,
  reply_token text default encode(gen_random_bytes(12), 'hex'::text) not null unique,
  error text,
  attempts integer default 0 not null,
  sender_id uuid references public.profiles (id) on delete set null,
  read_at timestamp with time zone,
  sent_at timestamp with time zone,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  auto_reply boolean default false not null,
  auto_reply_until date,
  opt_out_review boolean default false not null,
  claimed_by text,
  claimed_at timestamp with time zone,
  tracking_token text default encode(gen_random_bytes(16), 'hex'::text) unique,
  tracked_links text[] default '{}'::text[] not null,
  needs_reply boolean default false not null,
  send_after timestamp with time zone,
  campaign_step integer check (campaign_step between 1 and 6),
  wait_reason text check (wait_reason in ('sender_daily_cap', 'sender_rate')),
  whatsapp_template jsonb check ((whatsapp_template is null) or ((jsonb_typeof(whatsapp_template) = 'object'::text) and (whatsapp_template ? 'name'::text) and (whatsapp_template ? 'language'::text))),
  delivery_status text check (delivery_status in ('sent', 'delivered', 'read', 'failed')),
  delivery_status_at timestamp with time zone,
  error_code text,
  error_params jsonb,
  mailbox text,
  kind text check (kind = 'consent_renewal'::text),
  constraint messages_auto_reply_until check (auto_reply or (auto_reply_until is null)),
  constraint messages_reply_flags_inbound check ((direction = 'in'::text) or (not (auto_reply or opt_out_review)))
);
create index messages_campaign on public.messages (campaign_id) where (campaign_id is not null);
create index messages_campaign_sent on public.messages (campaign_id, sent_at desc) where (sent_at is not null);
create unique index messages_campaign_step on public.messages (campaign_id, campaign_step, candidate_id) where (campaign_step is not null);
create index messages_campaign_waiting on public.messages (campaign_id, send_after) where ((status = 'queued'::text) and (send_after is not null));
create index messages_candidate on public.messages (candidate_id, created_at desc);
create index messages_created on public.messages (created_at desc, id desc);
create index messages_needs_reply on public.messages (created_at desc, id desc) where needs_reply;
create index messages_pending on public.messages (updated_at) where (status = any (array['queued'::text, 'sending'::text]));
create unique index messages_provider_id on public.messages (provider_message_id) where (provider_message_id is not null);
create index messages_sending_claims on public.messages (claimed_by) where (status = 'sending'::text);
create index messages_thread on public.messages (coalesce(thread_id, id), created_at);
create index messages_thread_replies on public.messages (thread_id, created_at desc, id desc) where (direction = 'in'::text);
create index messages_unread on public.messages (coalesce(thread_id, id)) where ((direction = 'in'::text) and (read_at is null));
create index messages_waiting on public.messages (send_after) where ((status = 'queued'::text) and (send_after is not null));
comment on table public.messages is
  'Messages. Policies: messages_read (members read all), messages_insert (members; outbound only to a '
  'candidate public.can_contact() allows), messages_update (members, column privileges: read_at and '
  'needs_reply only). Trigger messages_consent refuses outbound messages without consent for every '
  'role; triggers messages_needs_reply_* keep the thread root''s needs_reply.';
comment on column public.messages.auto_reply is 'An automatic reply (out of office, leave): not the candidate''s own answer; sentiment ''other''.';
comment on column public.messages.auto_reply_until is 'The date an auto-reply says its sender is back (or away until), when it states one.';
comment on column public.messages.opt_out_review is 'The reply may ask to stop mailing; a recruiter decides. Email consent was not withdrawn for it.';
comment on column public.messages.needs_reply is
  'On a thread root only: the candidate wrote last (auto-replies aside) and nobody has answered or '
  'marked it done.';
comment on column public.messages.send_after is
  'The earliest moment a queued message may be sent (null: at once). The delivery claim and the sweep '
  'honour it.';
comment on column public.messages.campaign_step is
  'The campaign step this outbound message is (1 = the first email); unique per campaign, step and '
  'candidate.';
comment on column public.messages.wait_reason is
  'Set by the delivery claim when a sender limit made the message wait for send_after: sender_daily_cap '
  'or sender_rate.';
comment on column public.messages.error_code is
  'The code of error (a key of the catalogue''s errors, decision 032), null when error is a provider''s '
  'own words; error_params fill it in.';
comment on column public.messages.mailbox is
  'The recruiter''s own mailbox (public.mailboxes.email) it went out from or was read from (decision '
  '039); null: the shared sender or POST /api/inbound/email.';
comment on column public.messages.kind is
  'A message the system wrote rather than a recruiter: consent_renewal (the consent-renewal job); null: '
  'an ordinary message.';

create table public.inbound_unmatched (
  id bigint generated always as identity primary key,
  internet_message_id text unique,
  from_address text,
  to_addresses text,
  subject text,
  text_body text,
  reason text not null,
  raw text not null,
  received_at timestamp with time zone default now() not null,
  reason_code text,
  reason_params jsonb
);
create index inbound_unmatched_received on public.inbound_unmatched (received_at desc);
comment on table public.inbound_unmatched is
  'Inbound mail that matched no thread or candidate. Policy inbound_unmatched_read: members read; only '
  'service_role writes.';
comment on column public.inbound_unmatched.reason_code is 'The code of reason (decision 032); reason_params fill it in.';

-- ---------------------------------------------------------------- functions

create or replace function public.track_needs_reply()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'pg_catalog'
as $$
begin
  if new.direction = 'in' and new.auto_reply then
    return new;
  end if;
  if new.thread_id is null then
    -- A thread's first message: a reply that started a thread (matched by sender) needs an answer.
    new.needs_reply := new.direction = 'in';
    return new;
  end if;
  update public.messages set needs_reply = (new.direction = 'in')
   where id = new.thread_id and needs_reply is distinct from (new.direction = 'in');
  return new;
end
$$;

-- ---------------------------------------------------------------- triggers

create trigger messages_consent before insert on public.messages
  for each row execute function enforce_message_consent();

create trigger messages_needs_reply_root before insert on public.messages
  for each row
  when (new.thread_id is null and new.direction = 'in'::text)
  execute function track_needs_reply();

create trigger messages_needs_reply_thread after insert on public.messages
  for each row
  when (new.thread_id is not null)
  execute function track_needs_reply();

create trigger messages_touch before update on public.messages
  for each row execute function touch_updated_at();

-- ---------------------------------------------------------------- row-level security, privileges and policies

alter table public.messages enable row level security;
revoke all on public.messages from anon, authenticated, service_role;
grant select, insert on public.messages to authenticated, service_role;
grant update (sentiment, removal_requested, status, provider_message_id, error, attempts, read_at, sent_at,
    claimed_by, claimed_at, tracked_links, send_after, wait_reason, delivery_status, delivery_status_at,
    error_code, error_params, mailbox)
  on public.messages to service_role;
grant update (read_at, needs_reply)
  on public.messages to authenticated;
revoke all on sequence public.messages_id_seq from anon, authenticated, service_role;
grant usage on sequence public.messages_id_seq to authenticated, service_role;
create policy messages_insert on public.messages for insert to authenticated
  with check (is_member() and (kind is null) and ((direction = 'in'::text) or (exists ( select 1
   from candidates c
  where ((c.id = messages.candidate_id) and can_contact(c.*, messages.channel))))));
create policy messages_read on public.messages for select to authenticated
  using ((select is_member()));
create policy messages_update on public.messages for update to authenticated
  using (is_member())
  with check (is_member());

alter table public.inbound_unmatched enable row level security;
revoke all on public.inbound_unmatched from anon, authenticated, service_role;
grant select on public.inbound_unmatched to authenticated;
grant select, insert, update, delete on public.inbound_unmatched to service_role;
revoke all on sequence public.inbound_unmatched_id_seq from anon, authenticated, service_role;
create policy inbound_unmatched_read on public.inbound_unmatched for select to authenticated
  using (is_member());
