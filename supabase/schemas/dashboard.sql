-- The dashboard's rollups, kept by triggers so that GET /api/dashboard never reads messages or events
-- per request (decisions 016, 017): engagement_daily, per UTC day, sender and campaign, counting each
-- message's first open, click and reply once; and talent_pool_bands, the candidates per engagement band
-- in each pool.
--
-- The current schema, not its history: supabase/migrations/ is what databases apply. A change
-- is a new migration plus the same change here (by hand, or npm run schema:files);
-- tests/db/declarative-schema.test.ts fails until both make the same schema (decision 031).

-- ---------------------------------------------------------------- tables

create table public.engagement_daily (
  day date not null,
  sender_id uuid,
  campaign_id bigint,
  sent integer default 0 not null,
  opened integer default 0 not null,
  human_opened integer default 0 not null,
  clicked integer default 0 not null,
  replied integer default 0 not null,
  positive_replies integer default 0 not null,
  negative_replies integer default 0 not null,
  neutral_replies integer default 0 not null,
  other_replies integer default 0 not null,
  booked integer default 0 not null,
  unsubscribed integer default 0 not null
);
create unique index engagement_daily_key on public.engagement_daily (day, sender_id, campaign_id) nulls not distinct;
create index engagement_daily_sender on public.engagement_daily (sender_id, day);
comment on table public.engagement_daily is
  'Dashboard rollup per UTC day, sender and campaign. Policy engagement_daily_read: members read; only '
  'triggers write.';

create table private.engagement_firsts (
  message_id bigint not null references public.messages (id) on delete cascade,
  kind text not null,
  constraint engagement_firsts_pkey primary key (message_id, kind)
);

create table public.talent_pool_bands (
  talent_pool_id bigint not null references public.talent_pools (id) on delete cascade,
  band text not null check (band in ('cold', 'warm', 'hot')),
  members integer default 0 not null,
  constraint talent_pool_bands_pkey primary key (talent_pool_id, band)
);
comment on table public.talent_pool_bands is
  'Candidates per engagement band per talent pool. Policy talent_pool_bands_read: members read; only '
  'triggers write.';

-- ---------------------------------------------------------------- functions

create or replace function private.utc_day(p_at timestamp with time zone)
  returns date
  language sql
  immutable
  set search_path to 'pg_catalog'
as $$ select (p_at at time zone 'UTC')::date $$;

create or replace function private.message_owner(p_message_id bigint)
  returns uuid
  language sql
  stable security definer
  set search_path to 'pg_catalog'
as $$
  select coalesce(m.sender_id, c.created_by)
    from public.messages m left join public.campaigns c on c.id = m.campaign_id
   where m.id = p_message_id
$$;

create or replace function private.engagement_daily_add(p_day date, p_sender uuid, p_campaign bigint, p_sent integer default 0, p_opened integer default 0, p_human_opened integer default 0, p_clicked integer default 0, p_replied integer default 0, p_positive integer default 0, p_negative integer default 0, p_neutral integer default 0, p_other integer default 0, p_booked integer default 0, p_unsubscribed integer default 0)
  returns void
  language sql
  security definer
  set search_path to 'pg_catalog'
as $$
  insert into public.engagement_daily as d (day, sender_id, campaign_id, sent, opened, human_opened, clicked, replied,
                                            positive_replies, negative_replies, neutral_replies, other_replies, booked, unsubscribed)
  values (p_day, p_sender, p_campaign, p_sent, p_opened, p_human_opened, p_clicked, p_replied,
          p_positive, p_negative, p_neutral, p_other, p_booked, p_unsubscribed)
  on conflict (day, sender_id, campaign_id) do update set
    sent = d.sent + excluded.sent, opened = d.opened + excluded.opened, human_opened = d.human_opened + excluded.human_opened,
    clicked = d.clicked + excluded.clicked, replied = d.replied + excluded.replied,
    positive_replies = d.positive_replies + excluded.positive_replies, negative_replies = d.negative_replies + excluded.negative_replies,
    neutral_replies = d.neutral_replies + excluded.neutral_replies, other_replies = d.other_replies + excluded.other_replies,
    booked = d.booked + excluded.booked, unsubscribed = d.unsubscribed + excluded.unsubscribed
$$;

create or replace function private.engagement_daily_recount()
  returns table(day date, sender_id uuid, campaign_id bigint, sent bigint, opened bigint, human_opened bigint, clicked bigint, replied bigint, positive_replies bigint, negative_replies bigint, neutral_replies bigint, other_replies bigint, booked bigint, unsubscribed bigint)
  language sql
  stable security definer
  set search_path to 'pg_catalog'
as $$
with firsts as (
    select e.message_id, e.kind, min(e.occurred_at) as at, min(e.campaign_id) as campaign_id
      from public.engagement_events e
     where e.message_id is not null and e.kind in ('open', 'click', 'reply') and not (e.kind = 'click' and e.machine) group by 1, 2
    union all
    select e.message_id, 'human_open', min(e.occurred_at), min(e.campaign_id)
      from public.engagement_events e where e.message_id is not null and e.kind = 'open' and not e.machine group by 1
  ), deltas as (
    select private.utc_day(coalesce(m.sent_at, m.updated_at)) as day, coalesce(m.sender_id, c.created_by) as sender_id, m.campaign_id,
           1 as sent, 0 as opened, 0 as human_opened, 0 as clicked, 0 as replied, 0 as positive, 0 as negative, 0 as neutral, 0 as other,
           0 as booked, 0 as unsubscribed
      from public.messages m left join public.campaigns c on c.id = m.campaign_id
     where m.direction = 'out' and m.channel = 'email' and m.status = 'sent'
    union all
    select private.utc_day(f.at), coalesce(m.sender_id, c.created_by), coalesce(f.campaign_id, m.campaign_id),
           0, (f.kind = 'open')::int, (f.kind = 'human_open')::int, (f.kind = 'click')::int, (f.kind = 'reply')::int, 0, 0, 0, 0, 0, 0
      from firsts f
      join public.messages m on m.id = f.message_id left join public.campaigns c on c.id = m.campaign_id
    union all
    select private.utc_day(r.created_at), private.message_owner(coalesce(r.original_message_id, r.thread_id)), r.campaign_id,
           0, 0, 0, 0, 0, (r.sentiment = 'positive')::int, (r.sentiment = 'negative')::int, (r.sentiment = 'neutral')::int,
           (r.sentiment = 'other')::int, 0, 0
      from public.messages r where r.direction = 'in' and not r.auto_reply and r.sentiment is not null
    union all
    select private.utc_day(e.occurred_at), coalesce(m.sender_id, c.created_by), coalesce(e.campaign_id, m.campaign_id),
           0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1
      from public.engagement_events e left join public.messages m on m.id = e.message_id left join public.campaigns c on c.id = m.campaign_id
     where e.kind = 'unsubscribe'
    union all
    select private.utc_day(mt.created_at), mt.recruiter_id, null, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0 from public.meetings mt
  )
  select day, sender_id, campaign_id, sum(sent), sum(opened), sum(human_opened), sum(clicked), sum(replied),
         sum(positive), sum(negative), sum(neutral), sum(other), sum(booked), sum(unsubscribed)
    from deltas group by day, sender_id, campaign_id
$$;

create or replace function private.rollup_message_sent()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'pg_catalog'
as $$
begin
  perform private.engagement_daily_add(private.utc_day(coalesce(new.sent_at, now())),
    coalesce(new.sender_id, (select created_by from public.campaigns where id = new.campaign_id)), new.campaign_id, p_sent => 1);
  return null;
end
$$;

create or replace function private.rollup_messages_sent()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'pg_catalog'
as $$
begin
  perform private.engagement_daily_add(g.day, g.sender_id, g.campaign_id, p_sent => g.n)
     from (select private.utc_day(coalesce(n.sent_at, now())) as day,
                  coalesce(n.sender_id, (select k.created_by from public.campaigns k where k.id = n.campaign_id)) as sender_id,
                  n.campaign_id, count(*)::int as n
             from new_messages n join old_messages o on o.id = n.id
            where n.direction = 'out' and n.channel = 'email' and n.status = 'sent'
              and o.status is distinct from 'sent' and o.sent_at is null
            group by 1, 2, 3) g;
  return null;
end
$$;

create or replace function private.rollup_reply_sentiment()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'pg_catalog'
as $$
declare
  v_day date := private.utc_day(new.created_at);
  v_owner uuid := private.message_owner(coalesce(new.original_message_id, new.thread_id));
  v_old text := case when tg_op = 'UPDATE' then old.sentiment end;
begin
  if v_old is not null then
    perform private.engagement_daily_add(v_day, v_owner, new.campaign_id,
      p_positive => -(v_old = 'positive')::int, p_negative => -(v_old = 'negative')::int,
      p_neutral => -(v_old = 'neutral')::int, p_other => -(v_old = 'other')::int);
  end if;
  if new.sentiment is not null then
    perform private.engagement_daily_add(v_day, v_owner, new.campaign_id,
      p_positive => (new.sentiment = 'positive')::int, p_negative => (new.sentiment = 'negative')::int,
      p_neutral => (new.sentiment = 'neutral')::int, p_other => (new.sentiment = 'other')::int);
  end if;
  return null;
end
$$;

create or replace function private.rollup_engagement_event()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'pg_catalog'
as $$
declare
  v_day date := private.utc_day(new.occurred_at);
  v_owner uuid;
  v_campaign bigint;
  v_first boolean;
  v_human boolean := false;
begin
  if new.kind not in ('open', 'click', 'reply', 'unsubscribe') then
    return null;
  end if;
  if new.message_id is not null then
    select coalesce(m.sender_id, c.created_by), coalesce(new.campaign_id, m.campaign_id) into v_owner, v_campaign
      from public.messages m left join public.campaigns c on c.id = m.campaign_id where m.id = new.message_id;
  end if;
  v_campaign := coalesce(v_campaign, new.campaign_id);
  if new.kind = 'unsubscribe' then
    perform private.engagement_daily_add(v_day, v_owner, v_campaign, p_unsubscribed => 1);
    return null;
  end if;
  -- A scanner's click is no one's interest (a machine open still counts among the raw opens).
  if new.message_id is null or (new.kind = 'click' and new.machine) then
    return null;
  end if;
  insert into private.engagement_firsts (message_id, kind) values (new.message_id, new.kind) on conflict do nothing;
  v_first := found;
  if new.kind = 'open' and not new.machine then
    insert into private.engagement_firsts (message_id, kind) values (new.message_id, 'human_open') on conflict do nothing;
    v_human := found;
  end if;
  if v_first or v_human then
    perform private.engagement_daily_add(v_day, v_owner, v_campaign,
      p_opened => (v_first and new.kind = 'open')::int, p_human_opened => v_human::int,
      p_clicked => (v_first and new.kind = 'click')::int, p_replied => (v_first and new.kind = 'reply')::int);
  end if;
  return null;
end
$$;

create or replace function private.rollup_meeting_booked()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'pg_catalog'
as $$
begin
  perform private.engagement_daily_add(private.utc_day(new.created_at), new.recruiter_id, null, p_booked => 1);
  return null;
end
$$;

create or replace function private.rollup_pool_members()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'pg_catalog'
as $$
begin
  if tg_op in ('DELETE', 'UPDATE') then
    insert into public.talent_pool_bands as b (talent_pool_id, band, members)
    select o.talent_pool_id, public.engagement_band(c.engagement_score), -count(*)
      from old_members o join public.candidates c on c.id = o.candidate_id
      join public.talent_pools p on p.id = o.talent_pool_id
     group by 1, 2 order by 1, 2
    on conflict (talent_pool_id, band) do update set members = b.members + excluded.members;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into public.talent_pool_bands as b (talent_pool_id, band, members)
    select n.talent_pool_id, public.engagement_band(c.engagement_score), count(*)
      from new_members n join public.candidates c on c.id = n.candidate_id
     group by 1, 2 order by 1, 2
    on conflict (talent_pool_id, band) do update set members = b.members + excluded.members;
  end if;
  return null;
end
$$;

create or replace function private.rollup_candidate_bands()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'pg_catalog'
as $$
begin
  insert into public.talent_pool_bands as b (talent_pool_id, band, members)
  select m.talent_pool_id, x.band, sum(x.delta)::int
    from (select n.id, public.engagement_band(o.engagement_score) as old_band, public.engagement_band(n.engagement_score) as new_band
            from new_candidates n join old_candidates o on o.id = n.id
           where n.engagement_score <> o.engagement_score) changed
    cross join lateral (values (changed.old_band, -1), (changed.new_band, 1)) x(band, delta)
    join public.talent_pool_members m on m.candidate_id = changed.id
   where changed.old_band <> changed.new_band
   group by 1, 2 order by 1, 2
  on conflict (talent_pool_id, band) do update set members = b.members + excluded.members;
  return null;
end
$$;

create or replace function private.rollup_candidate_deleted()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'pg_catalog'
as $$
begin
  update public.talent_pool_bands b set members = b.members - 1
    from public.talent_pool_members m
   where m.candidate_id = old.id and b.talent_pool_id = m.talent_pool_id and b.band = public.engagement_band(old.engagement_score);
  return old;
end
$$;

-- ---------------------------------------------------------------- triggers

create trigger candidates_pool_bands after update on public.candidates
  referencing old table as old_candidates new table as new_candidates
  for each statement execute function private.rollup_candidate_bands();

create trigger candidates_pool_bands_delete before delete on public.candidates
  for each row execute function private.rollup_candidate_deleted();

create trigger talent_pool_members_bands_delete after delete on public.talent_pool_members
  referencing old table as old_members
  for each statement execute function private.rollup_pool_members();

create trigger talent_pool_members_bands_insert after insert on public.talent_pool_members
  referencing new table as new_members
  for each statement execute function private.rollup_pool_members();

create trigger talent_pool_members_bands_update after update on public.talent_pool_members
  referencing old table as old_members new table as new_members
  for each statement execute function private.rollup_pool_members();

create trigger messages_rollup_sent after update on public.messages
  referencing old table as old_messages new table as new_messages
  for each statement execute function private.rollup_messages_sent();

create trigger messages_rollup_sent_insert after insert on public.messages
  for each row
  when (new.direction = 'out'::text and new.channel = 'email'::text and new.status = 'sent'::text)
  execute function private.rollup_message_sent();

create trigger messages_rollup_sentiment_insert after insert on public.messages
  for each row
  when (new.direction = 'in'::text and not new.auto_reply and new.sentiment is not null)
  execute function private.rollup_reply_sentiment();

create trigger messages_rollup_sentiment_update after update of sentiment on public.messages
  for each row
  when (new.direction = 'in'::text and not new.auto_reply and old.sentiment is distinct from new.sentiment)
  execute function private.rollup_reply_sentiment();

create trigger engagement_events_rollup after insert on public.engagement_events
  for each row execute function private.rollup_engagement_event();

create trigger meetings_rollup_booked after insert on public.meetings
  for each row execute function private.rollup_meeting_booked();

-- ---------------------------------------------------------------- row-level security, privileges and policies

alter table public.engagement_daily enable row level security;
revoke all on public.engagement_daily from anon, authenticated, service_role;
grant select on public.engagement_daily to authenticated, service_role;
create policy engagement_daily_read on public.engagement_daily for select to authenticated
  using ((select is_member()));

revoke all on private.engagement_firsts from anon, authenticated, service_role;

alter table public.talent_pool_bands enable row level security;
revoke all on public.talent_pool_bands from anon, authenticated, service_role;
grant select on public.talent_pool_bands to authenticated, service_role;
create policy talent_pool_bands_read on public.talent_pool_bands for select to authenticated
  using ((select is_member()));
