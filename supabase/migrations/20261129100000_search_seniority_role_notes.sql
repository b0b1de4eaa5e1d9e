-- Search finds what recruiters type (issue 31, docs/decisions/045-search-seniority-role-notes.md):
-- a candidate's seniority level, preferred role and notes are searched with the other fields, in the
-- palette's word index and in the People list's q (search_text) alike.
--
-- New bits of candidate_name_words.fields: 32 seniority level, 64 preferred role, 128 notes.

-- The one rule for a candidate's search words, by row: the triggers (per statement for inserts and
-- deletes, per row for updates) and anything writing candidates in bulk call it; a field added here is
-- searched everywhere. Email words with digits are left out (one dictionary word per candidate).
create or replace function public.candidate_words(c public.candidates)
  returns table (word text, fields smallint)
  language sql immutable parallel safe
  as $$
    select w, bit_or(f)::smallint
      from (select unnest(public.name_words(c.name)) as w, 1 as f
            union all
            select e, 2 from unnest(public.name_words(c.email::text)) as e where e !~ '[0-9]'
            union all
            select unnest(public.name_words(c.job_function)), 4
            union all
            select unnest(public.name_words(array_to_string(c.skill_tags, ' '))), 8
            union all
            select unnest(public.name_words(c.location)), 16
            union all
            select unnest(public.name_words(c.seniority_level)), 32
            union all
            select unnest(public.name_words(c.preferred_role)), 64
            union all
            select unnest(public.name_words(c.notes)), 128) x
     where w is not null
     group by w
  $$;
revoke all on function public.candidate_words(public.candidates) from public, anon;
grant execute on function public.candidate_words(public.candidates) to authenticated, service_role;

create or replace function public.name_words_after_insert() returns trigger
  language plpgsql security definer set search_path = public
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

create or replace function public.name_words_after_delete() returns trigger
  language plpgsql security definer set search_path = public
  as $$
begin
  delete from public.candidate_name_words cw
   using (select w.word, o.id from old_rows o, public.candidate_words(o::public.candidates) w) gone
   where cw.word = gone.word and cw.candidate_id = gone.id;
  return null;
end
$$;

create or replace function public.search_words_after_update() returns trigger
  language plpgsql security definer set search_path = public
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

drop trigger candidates_search_words_update on public.candidates;
create trigger candidates_search_words_update
  after update of name, email, job_function, skill_tags, location, seniority_level, preferred_role, notes on public.candidates
  for each row when (old.name is distinct from new.name or old.email is distinct from new.email
                     or old.job_function is distinct from new.job_function or old.skill_tags is distinct from new.skill_tags
                     or old.location is distinct from new.location or old.seniority_level is distinct from new.seniority_level
                     or old.preferred_role is distinct from new.preferred_role or old.notes is distinct from new.notes)
  execute function public.search_words_after_update();

drop function public.candidate_words(text, text, text, text[], text);

-- The People list's q reads search_text: the same fields (it already had the preferred role).
-- Dropping and adding the generated column rewrites the table once (PostgreSQL 15 has no SET EXPRESSION).
alter table public.candidates drop column search_text;
drop function public.candidate_search_doc(text, text, text, text[], text, text);
create function public.candidate_search_doc(
  name text, email text, job_function text, skill_tags text[], location text, preferred_role text,
  seniority_level text, notes text
) returns text
  language sql immutable parallel safe
  as $$ select public.search_doc(name, email, job_function, array_to_string(skill_tags, ' '), location, preferred_role,
                                 seniority_level, notes) $$;
alter table public.candidates add column search_text text generated always as (
  public.candidate_search_doc(name, email::text, job_function, skill_tags, location, preferred_role, seniority_level, notes)) stored;
create index candidates_search_trgm on public.candidates using gin (search_text gin_trgm_ops);

-- Rebuild the word index with the new fields, set-based: one sorted insert and one index build
-- (much faster than upserting millions of rows into the existing btree).
truncate public.candidate_name_words;
alter table public.candidate_name_words drop constraint candidate_name_words_pkey;
insert into public.candidate_name_words (word, candidate_id, fields)
select w.word, c.id, w.fields from public.candidates c, public.candidate_words(c) w;
alter table public.candidate_name_words add constraint candidate_name_words_pkey primary key (word, candidate_id);
insert into public.search_words (word, fields)
select word, bit_or(fields) from public.candidate_name_words group by word
on conflict (word) do update set fields = excluded.fields;
-- The search picks its plan from pg_stats (search_word_rows): new words must be in them at once.
analyze public.candidate_name_words;

comment on table public.candidate_name_words is
  'Word index for search (fields: 1 name, 2 email, 4 job, 8 skills, 16 location, 32 seniority level, '
  '64 preferred role, 128 notes). Policy candidate_name_words_members: members read; kept by triggers.';
