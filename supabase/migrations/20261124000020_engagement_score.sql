-- The engagement score, 0-100% (issue 11, decision 016). This file is the rule;
-- domain/engagement/score.ts mirrors it for the candidate drawer's "why this
-- score" and tests/db/engagement-score.test.ts checks that both agree.
--
--   signal weight: meeting_booked 40, positive reply 40, any other reply 25,
--                  negative reply -25, human click 10, human open 5,
--                  unsubscribe -50; machine events and bounces 0
--   repeat:        half weight when the previous counted event of the same kind
--                  is less than 24 hours older
--   decay:         x 0.5 ^ (age in days / 30), a half-life of 30 days
--   horizon:       events older than 365 days are left out (each is worth < 0.01)
--   score:         clamp(round(sum), 0, 100); bands cold 0-29, warm 30-69, hot 70-100

-- When the stored score last changed (a recompute writes only changed scores).
alter table public.candidates add column engagement_scored_at timestamptz;
comment on column public.candidates.engagement_scored_at is
  'When public.recompute_engagement() last changed engagement_score (it writes only scores that change).';
-- The score is the worker's to write (consent columns stay the ledger's, migration 20261123000010).
grant update (engagement_score, engagement_scored_at) on public.candidates to service_role;

create or replace function public.engagement_band(p_score integer) returns text
  language sql immutable parallel safe set search_path = ''
  as $$ select case when p_score >= 70 then 'hot' when p_score >= 30 then 'warm' else 'cold' end $$;
comment on function public.engagement_band(integer) is 'The band of an engagement score: cold 0-29, warm 30-69, hot 70-100 (decision 016).';

-- The weight of one event before repeat discount and decay. No SET clause:
-- the planner inlines it (it names nothing outside pg_catalog).
create or replace function public.engagement_base_weight(p_kind text, p_machine boolean, p_sentiment text) returns integer
  language sql immutable parallel safe
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

-- A reply event points at the message replied to (message_id) and names the
-- reply itself in metadata.replyMessageId; the reply's sentiment may be refined
-- later by the AI job, so it is read from the message, else from the event.
create or replace function public.engagement_reply_sentiment(p_metadata jsonb, p_message_id bigint) returns text
  language sql stable parallel safe set search_path = ''
  as $$
    select coalesce(
      (select m.sentiment from public.messages m
        where m.id = case when p_metadata->>'replyMessageId' ~ '^[0-9]{1,18}$'
                          then (p_metadata->>'replyMessageId')::bigint else p_message_id end),
      p_metadata->>'sentiment')
  $$;

-- Every counted event of the candidates (all when null) with its effective
-- weight at p_now. Plain SQL without SET so that the planner can inline it.
create or replace function private.engagement_signals(p_candidate_ids bigint[], p_now timestamptz)
  returns table (candidate_id bigint, event_id bigint, kind text, occurred_at timestamptz, weight double precision)
  language sql stable
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
revoke all on function private.engagement_signals(bigint[], timestamptz) from public;

-- ONE set-based update: the candidates' scores (all when p_candidate_ids is
-- null) as of p_now; only rows whose score changes are written. Returns how many.
create or replace function public.recompute_engagement(p_candidate_ids bigint[] default null, p_now timestamptz default now())
  returns integer
  language plpgsql security definer set search_path = ''
  -- A cached generic plan cannot drop "p_candidate_ids is null or ..." and would
  -- scan every event for each chunk of the nightly pass: plan with the values.
  set plan_cache_mode = force_custom_plan
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
revoke all on function public.recompute_engagement(bigint[], timestamptz) from public, anon, authenticated;
grant execute on function public.recompute_engagement(bigint[], timestamptz) to service_role;
comment on function public.recompute_engagement(bigint[], timestamptz) is
  'Recomputes engagement_score (decision 016) for the given candidates, or all when null, in one update; returns the rows changed. service_role only.';

-- Candidates whose score may have changed since it was last computed: a human
-- event arrived, or a reply's sentiment was refined. Filled by triggers, so no
-- writer (tracking job, inbound mail, unsubscribe, booking) can forget it;
-- emptied by the engagement-score job (public.recompute_pending_engagement).
create table private.engagement_pending (
  candidate_id bigint primary key references public.candidates (id) on delete cascade
);
comment on table private.engagement_pending is
  'Candidates whose engagement score is due for a recompute (filled by triggers, emptied by the engagement-score job).';

create or replace function private.engagement_events_pending() returns trigger
  language plpgsql security definer set search_path = ''
  as $$
begin
  insert into private.engagement_pending (candidate_id)
  select distinct n.candidate_id from new_rows n where not n.machine
  on conflict do nothing;
  return null;
end
$$;
create trigger engagement_events_pending after insert on public.engagement_events
  referencing new table as new_rows for each statement execute function private.engagement_events_pending();

create or replace function private.reply_sentiment_pending() returns trigger
  language plpgsql security definer set search_path = ''
  as $$
begin
  insert into private.engagement_pending (candidate_id) values (new.candidate_id) on conflict do nothing;
  return null;
end
$$;
create trigger messages_sentiment_pending after update of sentiment on public.messages
  for each row when (new.direction = 'in' and old.sentiment is distinct from new.sentiment)
  execute function private.reply_sentiment_pending();

-- Takes up to p_limit pending candidates (skipping those another worker holds)
-- and recomputes them in the same transaction: if the recompute fails, they
-- stay pending. Returns how many were taken; the job repeats while it took p_limit.
create or replace function public.recompute_pending_engagement(p_limit integer default 10000) returns integer
  language plpgsql security definer set search_path = ''
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
revoke all on function public.recompute_pending_engagement(integer) from public, anon, authenticated;
grant execute on function public.recompute_pending_engagement(integer) to service_role;
comment on function public.recompute_pending_engagement(integer) is
  'Recomputes the scores of up to p_limit candidates from private.engagement_pending and removes them from it; returns how many. service_role only.';
