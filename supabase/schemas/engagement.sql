-- Engagement events (opens, clicks, replies, bounces, complaints, unsubscribes and booked meetings,
-- each once; decision 017) and the engagement score computed from them in SQL (decision 016): the
-- candidates whose score is due, filled by triggers, and recompute_engagement().
--
-- The current schema, not its history: supabase/migrations/ is what databases apply. A change
-- is a new migration plus the same change here (by hand, or npm run schema:files);
-- tests/db/declarative-schema.test.ts fails until both make the same schema (decision 031).

-- ---------------------------------------------------------------- tables

create table public.engagement_events (
  id bigint generated always as identity primary key,
  candidate_id bigint not null references public.candidates (id) on delete cascade,
  message_id bigint references public.messages (id) on delete set null,
  campaign_id bigint, -- references public.campaigns (campaigns.sql)
  kind text not null check (kind in ('open', 'click', 'reply', 'bounce', 'unsubscribe', 'meeting_booked',
    'complaint')),
  url text,
  occurred_at timestamp with time zone default now() not null,
  metadata jsonb default '{}'::jsonb not null,
  machine boolean default false not null,
  machine_reason text,
  dedupe_key text,
  user_agent text
);
create index engagement_events_campaign on public.engagement_events (campaign_id, kind);
create index engagement_events_candidate on public.engagement_events (candidate_id, occurred_at desc);
create unique index engagement_events_dedupe on public.engagement_events (dedupe_key) where (dedupe_key is not null);
create index engagement_events_message on public.engagement_events (message_id, kind) where (message_id is not null);
comment on table public.engagement_events is
  'Opens, clicks, replies, bounces. Policy engagement_events_read: members read; only service_role '
  'writes.';

create table private.engagement_pending (
  candidate_id bigint primary key references public.candidates (id) on delete cascade
);
comment on table private.engagement_pending is
  'Candidates whose engagement score is due for a recompute (filled by triggers, emptied by the '
  'engagement-score job).';

-- ---------------------------------------------------------------- functions

create or replace function public.engagement_band(p_score integer)
  returns text
  language sql
  immutable parallel safe
  set search_path to ''
as $$ select case when p_score >= 70 then 'hot' when p_score >= 30 then 'warm' else 'cold' end $$;
comment on function public.engagement_band(p_score integer) is 'The band of an engagement score: cold 0-29, warm 30-69, hot 70-100 (decision 016).';

create or replace function public.engagement_base_weight(p_kind text, p_machine boolean, p_sentiment text)
  returns integer
  language sql
  immutable parallel safe
as $$
    select case
      when p_machine then 0
      when p_kind = 'meeting_booked' then 40
      when p_kind = 'reply' then case p_sentiment when 'positive' then 40 when 'negative' then -25 else 25 end
      when p_kind = 'click' then 10
      when p_kind = 'open' then 5
      when p_kind = 'unsubscribe' then -50
      else 0
    end
  $$;

create or replace function public.engagement_reply_sentiment(p_metadata jsonb, p_message_id bigint)
  returns text
  language sql
  stable parallel safe
  set search_path to ''
as $$
    select coalesce(
      (select m.sentiment from public.messages m
        where m.id = case when p_metadata->>'replyMessageId' ~ '^[0-9]{1,18}$'
                          then (p_metadata->>'replyMessageId')::bigint else p_message_id end),
      p_metadata->>'sentiment')
  $$;

create or replace function private.engagement_signals(p_candidate_ids bigint[], p_now timestamp with time zone)
  returns table(candidate_id bigint, event_id bigint, kind text, occurred_at timestamp with time zone, weight double precision)
  language sql
  stable
as $$
    with counted as (
      select e.candidate_id, e.id, e.kind, e.occurred_at,
             public.engagement_base_weight(e.kind, e.machine,
               case when e.kind = 'reply' then public.engagement_reply_sentiment(e.metadata, e.message_id) end) as base
        from public.engagement_events e
       where (p_candidate_ids is null or e.candidate_id = any (p_candidate_ids))
         and e.occurred_at > p_now - interval '365 days'
         and not e.machine
         and e.kind in ('meeting_booked', 'reply', 'click', 'open', 'unsubscribe')
    ), chained as (
      select c.*, lag(c.occurred_at) over (partition by c.candidate_id, c.kind order by c.occurred_at, c.id) as previous_at
        from counted c
       where c.base <> 0
    )
    select ch.candidate_id, ch.id, ch.kind, ch.occurred_at,
           ch.base
           * case when ch.previous_at > ch.occurred_at - interval '24 hours' then 0.5 else 1 end
           * power(0.5::double precision,
                   greatest(0, extract(epoch from p_now)::double precision - extract(epoch from ch.occurred_at)::double precision)
                   / 86400 / 30)
      from chained ch
  $$;
revoke all on function private.engagement_signals(p_candidate_ids bigint[], p_now timestamp with time zone) from public, anon, authenticated, service_role;

create or replace function public.recompute_engagement(p_candidate_ids bigint[] default null::bigint[], p_now timestamp with time zone default now())
  returns integer
  language plpgsql
  security definer
  set search_path to ''
  set plan_cache_mode to 'force_custom_plan'
as $$
declare
  v_changed integer;
begin
  update public.candidates c
     set engagement_score = n.score, engagement_scored_at = p_now
    from (select c0.id, coalesce(s.score, 0) as score
            from public.candidates c0
            left join (select sg.candidate_id, least(100, greatest(0, round(sum(sg.weight)::numeric)))::integer as score
                         from private.engagement_signals(p_candidate_ids, p_now) sg
                        group by sg.candidate_id) s on s.candidate_id = c0.id
           where p_candidate_ids is null or c0.id = any (p_candidate_ids)) n
   where c.id = n.id and c.engagement_score <> n.score;
  get diagnostics v_changed = row_count;
  return v_changed;
end
$$;
revoke all on function public.recompute_engagement(p_candidate_ids bigint[], p_now timestamp with time zone) from public, anon, authenticated, service_role;
grant execute on function public.recompute_engagement(p_candidate_ids bigint[], p_now timestamp with time zone) to service_role;
comment on function public.recompute_engagement(p_candidate_ids bigint[], p_now timestamp with time zone) is
  'Recomputes engagement_score (decision 016) for the given candidates, or all when null, in one '
  'update; returns the rows changed. service_role only.';

create or replace function public.recompute_pending_engagement(p_limit integer default 10000)
  returns integer
  language plpgsql
  security definer
  set search_path to ''
as $$
declare
  v_ids bigint[];
begin
  with taken as (
    delete from private.engagement_pending p
     where p.candidate_id in (select q.candidate_id from private.engagement_pending q
                               order by q.candidate_id limit p_limit for update skip locked)
    returning p.candidate_id)
  select array_agg(candidate_id) into v_ids from taken;
  if v_ids is null then return 0; end if;
  perform public.recompute_engagement(v_ids);
  return cardinality(v_ids);
end
$$;
revoke all on function public.recompute_pending_engagement(p_limit integer) from public, anon, authenticated, service_role;
grant execute on function public.recompute_pending_engagement(p_limit integer) to service_role;
comment on function public.recompute_pending_engagement(p_limit integer) is
  'Recomputes the scores of up to p_limit candidates from private.engagement_pending and removes them '
  'from it; returns how many. service_role only.';

create or replace function private.engagement_events_pending()
  returns trigger
  language plpgsql
  security definer
  set search_path to ''
as $$
begin
  insert into private.engagement_pending (candidate_id)
  select distinct n.candidate_id from new_rows n where not n.machine
  on conflict do nothing;
  return null;
end
$$;

create or replace function private.reply_sentiment_pending()
  returns trigger
  language plpgsql
  security definer
  set search_path to ''
as $$
begin
  insert into private.engagement_pending (candidate_id) values (new.candidate_id) on conflict do nothing;
  return null;
end
$$;

-- ---------------------------------------------------------------- triggers

create trigger messages_sentiment_pending after update of sentiment on public.messages
  for each row
  when (new.direction = 'in'::text and old.sentiment is distinct from new.sentiment)
  execute function private.reply_sentiment_pending();

create trigger engagement_events_pending after insert on public.engagement_events
  referencing new table as new_rows
  for each statement execute function private.engagement_events_pending();

-- ---------------------------------------------------------------- row-level security, privileges and policies

alter table public.engagement_events enable row level security;
revoke all on public.engagement_events from anon, authenticated, service_role;
grant select on public.engagement_events to authenticated;
grant select, insert, update, delete on public.engagement_events to service_role;
revoke all on sequence public.engagement_events_id_seq from anon, authenticated, service_role;
grant usage on sequence public.engagement_events_id_seq to authenticated, service_role;
create policy engagement_events_read on public.engagement_events for select to authenticated
  using ((select is_member()));

revoke all on private.engagement_pending from anon, authenticated, service_role;
