-- WhatsApp (decision 025): every webhook event, once; a candidate found by the last nine digits of a
-- number; and the one rule that applies a delivery status to a message, also to a status that arrived
-- before the worker recorded the message's wamid.
--
-- The current schema, not its history: supabase/migrations/ is what databases apply. A change
-- is a new migration plus the same change here (by hand, or npm run schema:files);
-- tests/db/declarative-schema.test.ts fails until both make the same schema (decision 031).

-- ---------------------------------------------------------------- functions that the tables and indexes below use

create or replace function public.phone_digits(p text)
  returns text
  language sql
  immutable parallel safe
  set search_path to 'pg_catalog'
as $$ select nullif(regexp_replace(coalesce(p, ''), '[^0-9]', '', 'g'), '') $$;
grant execute on function public.phone_digits(p text) to authenticated, service_role;

-- ---------------------------------------------------------------- tables

create table public.whatsapp_events (
  id bigint generated always as identity primary key,
  dedupe_key text not null unique,
  kind text not null check (kind in ('message', 'status')),
  wamid text not null,
  status text,
  phone text,
  candidate_id bigint references public.candidates (id) on delete cascade,
  message_id bigint references public.messages (id) on delete cascade,
  error_code integer,
  error_text text,
  occurred_at timestamp with time zone,
  outcome text not null,
  payload jsonb not null,
  received_at timestamp with time zone default now() not null,
  reason_code text,
  reason_params jsonb
);
create index whatsapp_events_unmatched on public.whatsapp_events (received_at desc) where (candidate_id is null);
create index whatsapp_events_wamid on public.whatsapp_events (wamid);
comment on table public.whatsapp_events is
  'WhatsApp Cloud API webhook events, each once (dedupe_key). Policy whatsapp_events_read: members '
  'read; only service_role writes.';
comment on column public.whatsapp_events.reason_code is 'The code of error_text (decision 032); reason_params fill it in.';

-- On tables of earlier files, needing what this file defines
create index candidates_phone_tail on public.candidates ("right"(phone_digits(phone), 9));
create index candidates_whatsapp_tail on public.candidates ("right"(phone_digits(whatsapp_number), 9));

-- ---------------------------------------------------------------- functions

create or replace function public.apply_whatsapp_status(p_message bigint, p_status text, p_at timestamp with time zone, p_reason text, p_reason_code text default null::text, p_reason_params jsonb default null::jsonb)
  returns void
  language sql
  security definer
  set search_path to 'public'
as $$
    update public.messages
       set delivery_status = p_status, delivery_status_at = coalesce(p_at, now()),
           status = case when p_status = 'failed' then 'failed' else status end,
           error = case when p_status = 'failed' then coalesce(p_reason, 'WhatsApp could not deliver the message') else error end,
           error_code = case when p_status <> 'failed' then error_code when p_reason is null then 'delivery.whatsapp_undelivered'
                             else p_reason_code end,
           error_params = case when p_status <> 'failed' then error_params when p_reason is null then null else p_reason_params end
     where id = p_message
       and (delivery_status is null or p_status = 'failed'
            or array_position(array['sent', 'delivered', 'read', 'failed'], delivery_status)
               < array_position(array['sent', 'delivered', 'read', 'failed'], p_status))
  $$;
revoke all on function public.apply_whatsapp_status(p_message bigint, p_status text, p_at timestamp with time zone, p_reason text, p_reason_code text, p_reason_params jsonb) from public, anon, authenticated, service_role;
grant execute on function public.apply_whatsapp_status(p_message bigint, p_status text, p_at timestamp with time zone, p_reason text, p_reason_code text, p_reason_params jsonb) to service_role;

create or replace function public.lock_whatsapp_status_matching()
  returns void
  language sql
  security definer
  set search_path to 'pg_catalog'
as $$ select pg_advisory_xact_lock(hashtextextended('talentloop:whatsapp-status-matching', 0)) $$;
revoke all on function public.lock_whatsapp_status_matching() from public, anon, authenticated, service_role;
grant execute on function public.lock_whatsapp_status_matching() to service_role;

create or replace function public.apply_early_whatsapp_statuses()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'public'
as $$
  declare
    early record;
  begin
    -- After the lock, the query below sees an event a webhook committed meanwhile (a new snapshot per statement).
    perform public.lock_whatsapp_status_matching();
    for early in
      select id, status, occurred_at, error_text, reason_code, reason_params from public.whatsapp_events
       where wamid = new.provider_message_id and kind = 'status' and outcome = 'unknown_message'
         and status in ('sent', 'delivered', 'read', 'failed')
       order by id
    loop
      perform public.apply_whatsapp_status(new.id, early.status, early.occurred_at, early.error_text, early.reason_code, early.reason_params);
      update public.whatsapp_events set outcome = 'status_recorded', candidate_id = new.candidate_id, message_id = new.id
       where id = early.id;
    end loop;
    return null;
  end
  $$;

-- ---------------------------------------------------------------- triggers

create trigger messages_apply_early_whatsapp_statuses after update of provider_message_id on public.messages
  for each row
  when (new.channel = 'whatsapp'::text and new.direction = 'out'::text and new.provider_message_id is not null and new.provider_message_id is distinct from old.provider_message_id)
  execute function apply_early_whatsapp_statuses();

-- ---------------------------------------------------------------- row-level security, privileges and policies

alter table public.whatsapp_events enable row level security;
revoke all on public.whatsapp_events from anon, authenticated, service_role;
grant select on public.whatsapp_events to authenticated;
grant select, insert, update, delete on public.whatsapp_events to service_role;
revoke all on sequence public.whatsapp_events_id_seq from anon, authenticated, service_role;
create policy whatsapp_events_read on public.whatsapp_events for select to authenticated
  using (is_member());
