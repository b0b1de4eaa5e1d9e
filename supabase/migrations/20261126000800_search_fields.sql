-- The palette finds candidates by name, email, job function, skills and location,
-- and finds talent pools and meetings (docs/decisions/022-search-fields.md).
--
-- The word index of decision 005 (candidate_name_words: a btree of (word,
-- candidate_id), and the dictionary search_words) now holds the words of every
-- searchable field, each row with a bit mask of the fields the word is in:
--   1 name, 2 email, 4 job function, 8 skills, 16 location.
-- "python amsterdam" is then two index lookups like "jan jansen" always was.

-- The words of a candidate's searchable fields, lower-cased and accent-free
-- (public.name_words), with the fields each is in. Email words with digits are
-- left out: "jan.jansen.48213" would add a dictionary word per candidate.
create or replace function public.candidate_words(
  name text, email text, job_function text, skill_tags text[], location text
) returns table (word text, fields smallint)
  language sql immutable parallel safe
  as $$
    select w, bit_or(f)::smallint
      from (select unnest(public.name_words(name)) as w, 1 as f
            union all
            select e, 2 from unnest(public.name_words(email)) as e where e !~ '[0-9]'
            union all
            select unnest(public.name_words(job_function)), 4
            union all
            select unnest(public.name_words(array_to_string(skill_tags, ' '))), 8
            union all
            select unnest(public.name_words(location)), 16) x
     where w is not null
     group by w
  $$;
grant execute on function public.candidate_words(text, text, text, text[], text) to authenticated, service_role;

alter table public.candidate_name_words add column fields smallint not null default 1;
-- Field words are few and very common: the planner (and the search, which reads
-- pg_stats to pick its plan) should know every common word's frequency.
alter table public.candidate_name_words alter column word set statistics 1000;
alter table public.search_words add column fields smallint not null default 1;
comment on table public.candidate_name_words is
  'Word index for search (name, email, job function, skills, location; fields: 1 name, 2 email, 4 job, 8 skills, '
  '16 location). Policy candidate_name_words_members: members read; kept by triggers.';
comment on table public.search_words is
  'Distinct words of the searchable candidate fields (fields: union of the bits), for typo and prefix search. '
  'Policy search_words_members: members read; kept by triggers.';

-- Triggers: as in 20261121000010, once per INSERT or DELETE statement, per row
-- only when an UPDATE changes a searchable field.
create or replace function public.name_words_after_insert() returns trigger
  language plpgsql security definer set search_path = public
  as $$
begin
  with words as materialized (
    select w.word, w.fields, n.id
      from new_rows n, public.candidate_words(n.name, n.email::text, n.job_function, n.skill_tags, n.location) w
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
   using (select w.word, o.id
            from old_rows o, public.candidate_words(o.name, o.email::text, o.job_function, o.skill_tags, o.location) w) gone
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
     and word = any (array(select word from public.candidate_words(old.name, old.email::text, old.job_function, old.skill_tags, old.location)));
  with words as materialized (
    select word, fields from public.candidate_words(new.name, new.email::text, new.job_function, new.skill_tags, new.location)
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

drop trigger if exists candidates_name_words_rename on public.candidates;
create trigger candidates_search_words_update after update of name, email, job_function, skill_tags, location on public.candidates
  for each row when (old.name is distinct from new.name or old.email is distinct from new.email
                     or old.job_function is distinct from new.job_function or old.skill_tags is distinct from new.skill_tags
                     or old.location is distinct from new.location)
  execute function public.search_words_after_update();

-- Rebuild the index with every field's words.
truncate public.candidate_name_words;
insert into public.candidate_name_words (word, candidate_id, fields)
select w.word, c.id, w.fields
  from public.candidates c, public.candidate_words(c.name, c.email::text, c.job_function, c.skill_tags, c.location) w
 order by 1, 2;
insert into public.search_words (word, fields)
select word, bit_or(fields) from public.candidate_name_words group by word
on conflict (word) do update set fields = excluded.fields;

-- Dictionary words a query word may mean, with their fields: exact (1), prefix
-- (0.6-1) in any field, trigram-similar only among name words (typos in names,
-- as before; "pyton" is not guessed).
create or replace function public.match_search_word(token text, max_words integer)
  returns table (word text, score double precision, fields smallint)
  language sql stable security definer set search_path = public, extensions
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

-- About how many index rows each common word has (pg_stats, which hides the
-- statistics of a table with RLS from everyone but its owner): the search picks
-- its plan by them. Words not listed are rarer than every listed one.
create or replace function public.search_word_rows()
  returns table (word text, estimated_rows double precision)
  language sql stable security definer set search_path = public
  as $$
    select v.word, v.freq * greatest(c.reltuples, 0)
      from pg_stats s
      join pg_class c on c.oid = 'public.candidate_name_words'::regclass
      cross join lateral unnest(s.most_common_vals::text::text[], s.most_common_freqs) as v(word, freq)
     where (select public.may_read_people())
       and s.schemaname = 'public' and s.tablename = 'candidate_name_words' and s.attname = 'word'
  $$;

-- Talent pools and meetings by trigram word similarity, as campaigns (the
-- lookups need the owner: pg_trgm's operators are not leakproof under RLS).
create or replace function public.search_pool_ids(query text, max_rows integer)
  returns table (id bigint, distance real)
  language sql stable security definer set search_path = public, extensions
  as $$
    select p.id, query <<-> public.search_doc(p.name)
      from public.talent_pools p
     where (select public.may_read_people()) and query <% public.search_doc(p.name)
     order by 2, p.name
     limit max_rows
  $$;

create index meetings_title_trgm on public.meetings using gin (public.search_doc(title) gin_trgm_ops);

create or replace function public.search_meeting_ids(query text, max_rows integer)
  returns table (id bigint, distance real)
  language sql stable security definer set search_path = public, extensions
  as $$
    select m.id, query <<-> public.search_doc(m.title)
      from public.meetings m
     where (select public.may_read_people()) and query <% public.search_doc(m.title)
     order by 2, m.starts_at desc
     limit max_rows
  $$;

revoke all on function public.match_search_word(text, integer), public.search_word_rows(), public.search_pool_ids(text, integer),
  public.search_meeting_ids(text, integer) from public;
grant execute on function public.match_search_word(text, integer), public.search_word_rows(), public.search_pool_ids(text, integer),
  public.search_meeting_ids(text, integer) to authenticated, service_role;

-- Replaced by search_words_after_update (its trigger is gone above).
drop function if exists public.name_words_after_rename();
