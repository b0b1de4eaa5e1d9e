-- People, talent pools, CSV imports and the search palette (docs/decisions/005-search-trigram.md).

-- 1. Policies that read public.is_member() call it once per statement, not once
--    per row: wrapped in a sub-select it becomes an InitPlan. Same meaning; on a
--    10,000-row candidate list it saves a profiles lookup per row.
alter policy candidates_members on public.candidates
  using ((select public.is_member())) with check ((select public.is_member()));
alter policy talent_pools_members on public.talent_pools
  using ((select public.is_member())) with check ((select public.is_member()));
alter policy talent_pool_members_members on public.talent_pool_members
  using ((select public.is_member())) with check ((select public.is_member()));
alter policy campaigns_members on public.campaigns
  using ((select public.is_member())) with check ((select public.is_member()));
alter policy consent_events_read on public.consent_events using ((select public.is_member()));
alter policy consent_events_append on public.consent_events
  with check ((select public.is_member()) and created_by = (select auth.uid()));
alter policy engagement_events_read on public.engagement_events using ((select public.is_member()));
alter policy messages_read on public.messages using ((select public.is_member()));
alter policy ai_templates_read on public.ai_templates using ((select public.is_member()));

-- The consent ledger's trigger, unchanged in meaning, now skips candidates whose
-- flags already say what the new entry says. An import records consent for
-- rows it has just inserted with those very flags; rewriting each row again
-- (and every index entry with it) would double the cost of an import.
create or replace function public.apply_consent_event() returns trigger
  language plpgsql security definer set search_path = public
  as $$
begin
  if new.channel = 'email' then
    update public.candidates c
       set allows_email = new.granted,
           unsubscribed_at = v.unsubscribed_at
      from (select id, case when new.granted then null
                            when new.source in ('unsubscribe_link', 'reply', 'candidate') then coalesce(unsubscribed_at, new.created_at)
                            else unsubscribed_at end as unsubscribed_at
              from public.candidates where id = new.candidate_id) v
     where c.id = v.id
       and (c.allows_email is distinct from new.granted or c.unsubscribed_at is distinct from v.unsubscribed_at);
  else
    update public.candidates set allows_whatsapp = new.granted
     where id = new.candidate_id and allows_whatsapp is distinct from new.granted;
  end if;
  return new;
end
$$;

-- 2. Name search. The words of a name, lower-cased and accent-free:
--    'Pieter van der Meer-Müller' -> {pieter,van,der,meer,muller}; "O'Brien" -> {obrien}.
create or replace function public.name_words(name text) returns text[]
  language sql immutable parallel safe strict
  as $$ select array_remove(regexp_split_to_array(
                 regexp_replace(public.search_doc(name), '[''’`]', '', 'g'), '[^[:alnum:]]+'), '') $$;
grant execute on function public.name_words(text) to anon, authenticated, service_role;

-- An inverted index of name words as a plain table: (word, candidate_id) in a
-- btree. "The newest 8 candidates with the word jansen" then reads 8 index
-- entries, however common the word; a GIN index would first read the whole
-- posting list (85,000 entries for "de" at 1M candidates: 20+ ms).
create table public.candidate_name_words (
  word text collate "C" not null,
  candidate_id bigint not null,
  primary key (word, candidate_id)
);

-- Name search no longer reads the trigram index over whole names (and under
-- RLS could not: pg_trgm's operators are not leakproof); it only cost every insert.
drop index if exists public.candidates_name_trgm;

-- Every distinct name word: a small table (thousands of rows, not millions)
-- that typo and prefix matching run on with trigrams. Words are only added; a
-- word whose last candidate is gone simply matches nobody.
create table public.search_words (
  word text collate "C" primary key
);
create index search_words_trgm on public.search_words using gin (word gin_trgm_ops);

-- Kept in step by triggers: once per INSERT or DELETE statement (a 50,000-row
-- batch costs one pass), and per row only when an UPDATE changes a name
-- (consent updates never do). No foreign key: the delete trigger removes a
-- candidate's words, and search joins candidates anyway.
create or replace function public.name_words_after_insert() returns trigger
  language plpgsql security definer set search_path = public
  as $$
begin
  with words as materialized (
    select distinct w as word, n.id from new_rows n, unnest(public.name_words(n.name)) as w
  ), indexed as (
    insert into public.candidate_name_words (word, candidate_id)
    select word, id from words order by word, id
    on conflict do nothing
  )
  insert into public.search_words (word)
  select distinct word from words
  on conflict do nothing;
  return null;
end
$$;

create or replace function public.name_words_after_delete() returns trigger
  language plpgsql security definer set search_path = public
  as $$
begin
  delete from public.candidate_name_words cw
   using (select distinct w, o.id from old_rows o, unnest(public.name_words(o.name)) as w) gone(word, id)
   where cw.word = gone.word and cw.candidate_id = gone.id;
  return null;
end
$$;

create or replace function public.name_words_after_rename() returns trigger
  language plpgsql security definer set search_path = public
  as $$
begin
  delete from public.candidate_name_words
   where candidate_id = old.id and word = any (public.name_words(old.name));
  insert into public.candidate_name_words (word, candidate_id)
  select distinct w, new.id from unnest(public.name_words(new.name)) as w
  on conflict do nothing;
  insert into public.search_words (word)
  select distinct w from unnest(public.name_words(new.name)) as w
  on conflict do nothing;
  return null;
end
$$;

create or replace function public.name_words_after_truncate() returns trigger
  language plpgsql security definer set search_path = public
  as $$ begin truncate public.candidate_name_words; return null; end $$;

create trigger candidates_name_words_insert after insert on public.candidates
  referencing new table as new_rows
  for each statement execute function public.name_words_after_insert();
create trigger candidates_name_words_delete after delete on public.candidates
  referencing old table as old_rows
  for each statement execute function public.name_words_after_delete();
create trigger candidates_name_words_rename after update of name on public.candidates
  for each row when (old.name is distinct from new.name)
  execute function public.name_words_after_rename();
create trigger candidates_name_words_truncate after truncate on public.candidates
  for each statement execute function public.name_words_after_truncate();

insert into public.candidate_name_words (word, candidate_id)
select distinct w, c.id from public.candidates c, unnest(public.name_words(c.name)) as w
on conflict do nothing;
insert into public.search_words (word)
select distinct word from public.candidate_name_words
on conflict do nothing;

alter table public.candidate_name_words enable row level security;
alter table public.search_words enable row level security;
grant select on public.candidate_name_words, public.search_words to authenticated;
grant all on public.candidate_name_words, public.search_words to service_role;
create policy candidate_name_words_members on public.candidate_name_words for select to authenticated
  using ((select public.is_member()));
create policy search_words_members on public.search_words for select to authenticated
  using ((select public.is_member()));

-- (pg_trgm's similarity, %, <%, <<-> and the citext type live in schema
-- extensions on Supabase, in public on a plain PostgreSQL: hence the search_path.)
-- Index lookups behind row-level security. Under RLS the planner may use an
-- index only for LEAKPROOF operators, and pg_trgm's (%, <%, <<->), LIKE, @>
-- and citext's = are not: each search would scan its whole table. These
-- functions run the index lookup as the owner after checking that the caller
-- is a member (or service_role), and return ids only; the rows themselves are
-- then read by id (int8 =, leakproof) under the caller's policies.
create or replace function public.may_read_people() returns boolean
  language sql stable security definer set search_path = public
  as $$ select public.is_member() or coalesce(auth.role(), '') = 'service_role' $$;

-- Dictionary words a query word may mean: exact (1), prefix (0.6-1), or
-- trigram-similar (the similarity, above pg_trgm.similarity_threshold).
create or replace function public.match_name_word(token text, max_words integer)
  returns table (word text, score double precision)
  language sql stable security definer set search_path = public, extensions
  as $$
    select s.word::text,
           case when s.word = token then 1.0
                when starts_with(s.word, token) then 0.6 + 0.4 * length(token)::float8 / length(s.word)
                else similarity(s.word, token) end as score
      from public.search_words s
     where (select public.may_read_people())
       -- a prefix is a range in the C-collated primary key; typos go through the trigram index
       and ((s.word >= token collate "C" and s.word < (token || chr(1114111)) collate "C")
            or (length(token) >= 3 and s.word % token))
     order by score desc, s.word
     limit max_words
  $$;

create or replace function public.search_campaign_ids(query text, max_rows integer)
  returns table (id bigint, distance real)
  language sql stable security definer set search_path = public, extensions
  as $$
    select c.id, query <<-> public.search_doc(c.name)
      from public.campaigns c
     where (select public.may_read_people()) and query <% public.search_doc(c.name)
     order by 2, c.scheduled_at desc
     limit max_rows
  $$;

create or replace function public.search_template_ids(query text, max_rows integer)
  returns table (id bigint, distance real)
  language sql stable security definer set search_path = public, extensions
  as $$
    select t.id, query <<-> public.search_doc(t.name, t.description)
      from public.ai_templates t
     where (select public.may_read_people()) and query <% public.search_doc(t.name, t.description)
     order by 2, t.name
     limit max_rows
  $$;

-- Candidates by email address (the unique citext index).
create or replace function public.candidate_ids_by_email(emails text[])
  returns table (email text, id bigint)
  language sql stable security definer set search_path = public, extensions
  as $$
    select c.email::text, c.id from public.candidates c
     where (select public.may_read_people()) and c.email = any (emails::citext[])
  $$;

-- Candidates whose search text contains every pattern (LIKE), for the list's
-- free-text filter; the first pattern (the longest word) goes through the trigram index.
create or replace function public.candidate_ids_by_text(patterns text[])
  returns setof bigint
  language sql stable security definer set search_path = public
  as $$
    select c.id from public.candidates c
     where (select public.may_read_people()) and c.search_text like patterns[1] and c.search_text like all (patterns)
  $$;

revoke all on function public.may_read_people(), public.match_name_word(text, integer), public.search_campaign_ids(text, integer),
  public.search_template_ids(text, integer), public.candidate_ids_by_email(text[]), public.candidate_ids_by_text(text[]) from public;
grant execute on function public.may_read_people(), public.match_name_word(text, integer), public.search_campaign_ids(text, integer),
  public.search_template_ids(text, integer), public.candidate_ids_by_email(text[]), public.candidate_ids_by_text(text[])
  to authenticated, service_role;

-- 3. Sort orders of the candidate table (name and created_at exist already).
create index candidates_lead_score on public.candidates (lead_score, id);
create index candidates_engagement_score on public.candidates (engagement_score, id);
create index candidates_location on public.candidates (location, id);

-- 4. CSV imports: one row per import with its progress, and the rows it skipped.
create table public.imports (
  id bigint generated always as identity primary key,
  file_name text check (length(file_name) <= 255),
  status text not null default 'pending' check (status in ('pending', 'running', 'completed', 'failed')),
  talent_pool_id bigint references public.talent_pools (id) on delete set null,
  duplicate_mode text not null default 'update' check (duplicate_mode in ('skip', 'update')),
  -- {"name": 0, "email": 3, ...}: candidate field -> column index in the file
  mapping jsonb not null,
  delimiter text,
  total_bytes bigint,
  processed_bytes bigint not null default 0,
  processed_rows integer not null default 0,
  imported integer not null default 0,
  updated integer not null default 0,
  skipped integer not null default 0,
  error text,
  created_by uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz,
  updated_at timestamptz not null default now()
);
create index imports_created on public.imports (created_at desc);
create trigger imports_touch before update on public.imports
  for each row execute function public.touch_updated_at();

create table public.import_skipped_rows (
  import_id bigint not null references public.imports (id) on delete cascade,
  line_number integer not null,
  field text,
  reason text not null,
  primary key (import_id, line_number)
);

alter table public.imports enable row level security;
alter table public.import_skipped_rows enable row level security;
grant select, insert, update, delete on public.imports, public.import_skipped_rows to authenticated;
grant all on public.imports, public.import_skipped_rows to service_role;
grant usage on sequence public.imports_id_seq to authenticated, service_role;
create policy imports_members on public.imports for all to authenticated
  using ((select public.is_member())) with check ((select public.is_member()));
create policy import_skipped_rows_members on public.import_skipped_rows for all to authenticated
  using ((select public.is_member())) with check ((select public.is_member()));
