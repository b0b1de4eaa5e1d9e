-- Search (decisions 005, 022, 045): the words of every searchable candidate field (name, email, job,
-- skills, location, seniority level, preferred role, notes; public.candidate_words is the one rule) in a btree
-- word index kept by triggers, the dictionary of words for typo and prefix matching, and the SECURITY DEFINER
-- lookups that use the indexes behind row-level security and return ids only (the rows are then read under
-- the caller's policies).
--
-- The current schema, not its history: supabase/migrations/ is what databases apply. A change
-- is a new migration plus the same change here (by hand, or npm run schema:files);
-- tests/db/declarative-schema.test.ts fails until both make the same schema (decision 031).

-- ---------------------------------------------------------------- tables

create table public.candidate_name_words (
  word text collate "C" not null,
  candidate_id bigint not null,
  fields smallint default 1 not null,
  constraint candidate_name_words_pkey primary key (word, candidate_id) include (fields)
);
alter table public.candidate_name_words alter column word set statistics 1000;
comment on table public.candidate_name_words is
  'Word index for search (fields: 1 name, 2 email, 4 job, 8 skills, 16 location, 32 seniority level, 64 '
  'preferred role, 128 notes). Policy candidate_name_words_members: members read; kept by triggers.';

create table public.search_words (
  word text collate "C" primary key,
  fields smallint default 1 not null
);
create index search_words_trgm on public.search_words using gin (word gin_trgm_ops);
comment on table public.search_words is
  'Distinct words of the searchable candidate fields (fields: union of the bits), for typo and prefix '
  'search. Policy search_words_members: members read; kept by triggers.';

-- ---------------------------------------------------------------- functions

create or replace function public.name_words(name text)
  returns text[]
  language sql
  immutable parallel safe strict
as $$ select array_remove(regexp_split_to_array(
                 regexp_replace(public.search_doc(name), '[''’`]', '', 'g'), '[^[:alnum:]]+'), '') $$;
grant execute on function public.name_words(name text) to anon, authenticated, service_role;

create or replace function public.candidate_words(c candidates)
  returns table(word text, fields smallint)
  language sql
  immutable parallel safe
as $$
    select p.w, bit_or(p.f)::smallint
      from (select w, 1 << (part.n - 1)::int as f
              from unnest(string_to_array(public.search_doc(array_to_string(array[
                     replace(c.name, chr(1), ' '), replace(c.email::text, chr(1), ' '), replace(c.job_function, chr(1), ' '),
                     replace(array_to_string(c.skill_tags, ' '), chr(1), ' '), replace(c.location, chr(1), ' '),
                     replace(c.seniority_level, chr(1), ' '), replace(c.preferred_role, chr(1), ' '),
                     replace(c.notes, chr(1), ' ')], chr(1), '')), chr(1)))
                     with ordinality as part(txt, n),
                   unnest(regexp_split_to_array(regexp_replace(part.txt, '[''’`]', '', 'g'), '[^[:alnum:]]+')) as w
             -- email words with digits are left out (one dictionary word per candidate)
             where w <> '' and (part.n <> 2 or w !~ '[0-9]')) p
     group by p.w
  $$;
revoke all on function public.candidate_words(c candidates) from public, anon, authenticated, service_role;
grant execute on function public.candidate_words(c candidates) to authenticated, service_role;

create or replace function public.name_words_after_insert()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'public'
as $$
begin
  with words as materialized (
    select w.word, w.fields, n.id
      from new_rows n, public.candidate_words(n::public.candidates) w
  ), indexed as (
    insert into public.candidate_name_words (word, candidate_id, fields)
    select word, id, fields from words order by word, id
    on conflict do nothing
  )
  -- Only words that are new or in a new field: an upsert locks the row it meets,
  -- and "amsterdam" must not make concurrent inserts of candidates wait for each other.
  insert into public.search_words (word, fields)
  select g.word, g.fields
    from (select word, bit_or(fields) as fields from words group by word) g
   where not exists (select 1 from public.search_words s where s.word = g.word and s.fields | g.fields = s.fields)
  on conflict (word) do update set fields = public.search_words.fields | excluded.fields;
  return null;
end
$$;

create or replace function public.name_words_after_delete()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'public'
as $$
begin
  delete from public.candidate_name_words cw
   using (select w.word, o.id from old_rows o, public.candidate_words(o::public.candidates) w) gone
   where cw.word = gone.word and cw.candidate_id = gone.id;
  return null;
end
$$;

create or replace function public.name_words_after_truncate()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'public'
as $$ begin truncate public.candidate_name_words; return null; end $$;

create or replace function public.search_words_after_update()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'public'
as $$
begin
  delete from public.candidate_name_words
   where candidate_id = old.id
     and word = any (array(select word from public.candidate_words(old)));
  with words as materialized (
    select word, fields from public.candidate_words(new)
  ), indexed as (
    insert into public.candidate_name_words (word, candidate_id, fields)
    select word, new.id, fields from words
    on conflict (word, candidate_id) do update set fields = excluded.fields
  )
  insert into public.search_words (word, fields)
  select w.word, w.fields from words w
   where not exists (select 1 from public.search_words s where s.word = w.word and s.fields | w.fields = s.fields)
  on conflict (word) do update set fields = public.search_words.fields | excluded.fields;
  return null;
end
$$;

create or replace function public.may_read_people()
  returns boolean
  language sql
  stable security definer
  set search_path to 'public'
as $$ select public.is_member() or coalesce(auth.role(), '') = 'service_role' $$;
revoke all on function public.may_read_people() from public, anon, authenticated, service_role;
grant execute on function public.may_read_people() to authenticated, service_role;

create or replace function public.match_name_word(token text, max_words integer)
  returns table(word text, score double precision)
  language sql
  stable security definer
  set search_path to 'public', 'extensions'
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
revoke all on function public.match_name_word(token text, max_words integer) from public, anon, authenticated, service_role;
grant execute on function public.match_name_word(token text, max_words integer) to authenticated, service_role;

create or replace function public.match_search_word(token text, max_words integer)
  returns table(word text, score double precision, fields smallint)
  language sql
  stable security definer
  set search_path to 'public', 'extensions'
as $$
    select s.word::text,
           case when s.word = token then 1.0
                when starts_with(s.word, token) then 0.6 + 0.4 * length(token)::float8 / length(s.word)
                else similarity(s.word, token) end as score,
           s.fields
      from public.search_words s
     where (select public.may_read_people())
       and ((s.word >= token collate "C" and s.word < (token || chr(1114111)) collate "C")
            or (length(token) >= 3 and s.word % token and s.fields & 1 = 1))
     order by score desc, s.word
     limit max_words
  $$;
revoke all on function public.match_search_word(token text, max_words integer) from public, anon, authenticated, service_role;
grant execute on function public.match_search_word(token text, max_words integer) to authenticated, service_role;

create or replace function public.search_word_rows()
  returns table(word text, estimated_rows double precision)
  language sql
  stable security definer
  set search_path to 'public'
as $$
    select v.word, v.freq * greatest(c.reltuples, 0)
      from pg_stats s
      join pg_class c on c.oid = 'public.candidate_name_words'::regclass
      cross join lateral unnest(s.most_common_vals::text::text[], s.most_common_freqs) as v(word, freq)
     where (select public.may_read_people())
       and s.schemaname = 'public' and s.tablename = 'candidate_name_words' and s.attname = 'word'
  $$;
revoke all on function public.search_word_rows() from public, anon, authenticated, service_role;
grant execute on function public.search_word_rows() to authenticated, service_role;

create or replace function public.candidate_ids_by_email(emails text[])
  returns table(email text, id bigint)
  language sql
  stable security definer
  set search_path to 'public', 'extensions'
as $$
    select c.email::text, c.id from public.candidates c
     where (select public.may_read_people()) and c.email = any (emails::citext[])
  $$;
revoke all on function public.candidate_ids_by_email(emails text[]) from public, anon, authenticated, service_role;
grant execute on function public.candidate_ids_by_email(emails text[]) to authenticated, service_role;

create or replace function public.candidate_ids_by_text(patterns text[])
  returns setof bigint
  language sql
  stable security definer
  set search_path to 'public'
as $$
    select c.id from public.candidates c
     where (select public.may_read_people()) and c.search_text like patterns[1] and c.search_text like all (patterns)
  $$;
revoke all on function public.candidate_ids_by_text(patterns text[]) from public, anon, authenticated, service_role;
grant execute on function public.candidate_ids_by_text(patterns text[]) to authenticated, service_role;

create or replace function public.search_pool_ids(query text, max_rows integer)
  returns table(id bigint, distance real)
  language sql
  stable security definer
  set search_path to 'public', 'extensions'
as $$
    select p.id, query <<-> public.search_doc(p.name)
      from public.talent_pools p
     where (select public.may_read_people()) and query <% public.search_doc(p.name)
     order by 2, p.name
     limit max_rows
  $$;
revoke all on function public.search_pool_ids(query text, max_rows integer) from public, anon, authenticated, service_role;
grant execute on function public.search_pool_ids(query text, max_rows integer) to authenticated, service_role;

create or replace function public.search_campaign_ids(query text, max_rows integer)
  returns table(id bigint, distance real)
  language sql
  stable security definer
  set search_path to 'public', 'extensions'
as $$
    select c.id, query <<-> public.search_doc(c.name)
      from public.campaigns c
     where (select public.may_read_people()) and query <% public.search_doc(c.name)
     order by 2, c.scheduled_at desc
     limit max_rows
  $$;
revoke all on function public.search_campaign_ids(query text, max_rows integer) from public, anon, authenticated, service_role;
grant execute on function public.search_campaign_ids(query text, max_rows integer) to authenticated, service_role;

create or replace function public.search_template_ids(query text, max_rows integer)
  returns table(id bigint, distance real)
  language sql
  stable security definer
  set search_path to 'public', 'extensions'
as $$
    select t.id, query <<-> public.search_doc(t.name, t.description)
      from public.ai_templates t
     where (select public.may_read_people()) and query <% public.search_doc(t.name, t.description)
     order by 2, t.name
     limit max_rows
  $$;
revoke all on function public.search_template_ids(query text, max_rows integer) from public, anon, authenticated, service_role;
grant execute on function public.search_template_ids(query text, max_rows integer) to authenticated, service_role;

create or replace function public.search_meeting_ids(query text, max_rows integer)
  returns table(id bigint, distance real)
  language sql
  stable security definer
  set search_path to 'public', 'extensions'
as $$
    select m.id, query <<-> public.search_doc(m.title)
      from public.meetings m
     where (select public.may_read_people()) and query <% public.search_doc(m.title)
     order by 2, m.starts_at desc
     limit max_rows
  $$;
revoke all on function public.search_meeting_ids(query text, max_rows integer) from public, anon, authenticated, service_role;
grant execute on function public.search_meeting_ids(query text, max_rows integer) to authenticated, service_role;

create or replace function public.search_host_meeting_ids(query text, max_rows integer)
  returns table(id bigint, distance real)
  language sql
  stable security definer
  set search_path to 'public', 'extensions'
as $$
    select hosted.meeting_id, h.distance
      from (select p.id, query <<-> public.search_doc(p.display_name) as distance
              from public.profiles p
             where (select public.may_read_people()) and query <% public.search_doc(p.display_name)
             order by 2
             limit max_rows) h
     cross join lateral (select mh.meeting_id from public.meeting_hosts mh
                          where mh.host_id = h.id order by mh.blocked_from desc limit max_rows) hosted
$$;
revoke all on function public.search_host_meeting_ids(query text, max_rows integer) from public, anon, authenticated, service_role;
grant execute on function public.search_host_meeting_ids(query text, max_rows integer) to authenticated, service_role;

-- ---------------------------------------------------------------- triggers

create trigger candidates_name_words_delete after delete on public.candidates
  referencing old table as old_rows
  for each statement execute function name_words_after_delete();

create trigger candidates_name_words_insert after insert on public.candidates
  referencing new table as new_rows
  for each statement execute function name_words_after_insert();

create trigger candidates_name_words_truncate after truncate on public.candidates
  for each statement execute function name_words_after_truncate();

create trigger candidates_search_words_update after update of name, email, job_function, skill_tags, location, seniority_level, preferred_role, notes on public.candidates
  for each row
  when (old.name is distinct from new.name or old.email is distinct from new.email or old.job_function is distinct from new.job_function or old.skill_tags is distinct from new.skill_tags or old.location is distinct from new.location or old.seniority_level is distinct from new.seniority_level or old.preferred_role is distinct from new.preferred_role or old.notes is distinct from new.notes)
  execute function search_words_after_update();

-- ---------------------------------------------------------------- row-level security, privileges and policies

alter table public.candidate_name_words enable row level security;
revoke all on public.candidate_name_words from anon, authenticated, service_role;
grant select on public.candidate_name_words to authenticated;
grant select, insert, update, delete on public.candidate_name_words to service_role;
create policy candidate_name_words_members on public.candidate_name_words for select to authenticated
  using ((select is_member()));

alter table public.search_words enable row level security;
revoke all on public.search_words from anon, authenticated, service_role;
grant select on public.search_words to authenticated;
grant select, insert, update, delete on public.search_words to service_role;
create policy search_words_members on public.search_words for select to authenticated
  using ((select is_member()));
