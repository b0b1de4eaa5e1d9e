-- Likely duplicate candidates (issue 30, decision 042): the same mailbox (public.mailbox_key: case,
-- sub-address and Gmail dots ignored), the same phone number (its last nine digits, the rule WhatsApp
-- replies are matched by), or the same place and a name one typo apart (one letter changed, added or
-- dropped, or two swapped, in the accent-free names; compared only within blocks of one place and two of
-- three parts of the name (the first name's first two letters, the last word's first three, the last
-- three), so one typo anywhere leaves the pair in at least one block, without comparing everyone with
-- everyone; a surname of at most three letters with its typo at its start is the case that slips by).
-- A worker job refreshes the pairs after imports and nightly; a pair a recruiter dismissed stays dismissed.

-- levenshtein_less_equal() for "one typo apart"; where the project keeps extensions, as in 20261123000001.
do $$
begin
  if not exists (select 1 from pg_extension where extname = 'fuzzystrmatch') then
    if to_regnamespace('extensions') is not null then
      create extension fuzzystrmatch with schema extensions;
    else
      create extension fuzzystrmatch;
    end if;
  end if;
end
$$;

create table public.candidate_duplicates (
  low_id bigint not null references public.candidates (id) on delete cascade,
  high_id bigint not null references public.candidates (id) on delete cascade,
  reason text not null check (reason in ('email', 'phone', 'name_place')),
  similarity real,
  found_at timestamp with time zone default now() not null,
  dismissed_at timestamp with time zone,
  dismissed_by uuid references public.profiles (id) on delete set null,
  primary key (low_id, high_id),
  constraint candidate_duplicates_ordered check (low_id < high_id)
);
create index candidate_duplicates_high on public.candidate_duplicates (high_id);
comment on table public.candidate_duplicates is
  'Likely duplicate pairs (low_id < high_id) and why, refreshed by refresh_candidate_duplicates(). Policies: '
  'candidate_duplicates_read (members read), candidate_duplicates_dismiss (members dismiss one); the worker '
  '(service_role) refreshes them.';

-- The name or place as compared: lower case, accents gone, outer spaces trimmed.
create or replace function public.duplicate_text(p text)
  returns text
  language sql
  immutable parallel safe
as $$ select nullif(btrim(public.f_unaccent(lower(p))), '') $$;
grant execute on function public.duplicate_text(text) to authenticated, service_role;

-- Two names one typo apart: at most one letter changed, added or dropped, or two neighbours swapped.
create or replace function public.one_typo_apart(a text, b text)
  returns boolean
  language sql
  immutable parallel safe
  set search_path to 'public', 'extensions'
as $$
  select case
    when abs(length(a) - length(b)) > 1 then false
    when levenshtein_less_equal(a, b, 1) <= 1 then true
    -- A swap of neighbours is two edits for Levenshtein: same length, and only those two letters differ.
    when length(a) <> length(b) or levenshtein_less_equal(a, b, 2) > 2 then false
    else exists (select 1 from generate_series(1, length(a) - 1) as i
                  where substr(a, i, 2) <> substr(b, i, 2) and substr(a, i, 2) = reverse(substr(b, i, 2))
                    and left(a, i - 1) = left(b, i - 1) and substr(a, i + 2) = substr(b, i + 2))
  end
$$;
grant execute on function public.one_typo_apart(text, text) to authenticated, service_role;

-- Every likely pair, best reason first (email, then phone, then name and place).
create or replace function public.find_duplicate_pairs()
  returns table (low_id bigint, high_id bigint, reason text, similarity real)
  language plpgsql
  stable
  set search_path to 'public', 'extensions'
  -- Hash joins over every candidate, in memory: a merge join would sort a million names first.
  set work_mem to '128MB'
  set enable_mergejoin to 'off'
as $$
#variable_conflict use_column
begin
  -- plpgsql: the body names mailbox_key() and phone_digits(), which later schema files define.
  return query
  with people as materialized (
    -- Keys in the "C" collation: compared and hashed byte by byte, not by the locale's rules.
    select c.id,
           public.mailbox_key(c.email::text) collate "C" as mailbox,
           right(public.phone_digits(coalesce(c.phone, c.whatsapp_number)), 9) collate "C" as phone_tail,
           public.duplicate_text(c.name) collate "C" as name,
           public.duplicate_text(c.location) collate "C" as place
      from public.candidates c
  ),
  by_email as (
    select a.id as low_id, b.id as high_id, 'email'::text as reason, 1::real as similarity
      from people a join people b on a.mailbox = b.mailbox and a.id < b.id
  ),
  by_phone as (
    select a.id, b.id, 'phone'::text, 1::real
      from people a join people b on a.phone_tail = b.phone_tail and a.id < b.id
     where length(a.phone_tail) = 9
  ),
  named as materialized (
    select id, name, place, left(name, 2) as first, left(split_part(name, ' ', -1), 3) as head, right(name, 3) as tail
      from people where place is not null and length(name) >= 5
  ),
  -- Three blocks, each leaving out one part a typo may be in: the first name's first two letters,
  -- the surname's first three, the name's last three.
  close_names as (
    select a.id as a_id, b.id as b_id, a.name as a_name, b.name as b_name
      from named a join named b on a.place = b.place and a.first = b.first and a.head = b.head and a.id < b.id
    union
    select a.id, b.id, a.name, b.name
      from named a join named b on a.place = b.place and a.first = b.first and a.tail = b.tail and a.id < b.id
    union
    select a.id, b.id, a.name, b.name
      from named a join named b on a.place = b.place and a.head = b.head and a.tail = b.tail and a.id < b.id
  ),
  by_name as (
    select a_id, b_id, 'name_place'::text, similarity(a_name, b_name)
      from close_names where public.one_typo_apart(a_name, b_name)
  ),
  every_pair as (
    select * from by_email union all select * from by_phone union all select * from by_name
  )
  select distinct on (p.low_id, p.high_id) p.low_id, p.high_id, p.reason, p.similarity
    from every_pair as p
   order by p.low_id, p.high_id, array_position(array['email', 'phone', 'name_place'], p.reason);
end $$;
revoke all on function public.find_duplicate_pairs() from public, anon, authenticated, service_role;

-- Replaces the pairs with what find_duplicate_pairs() finds now; dismissed pairs keep their dismissal.
create or replace function public.refresh_candidate_duplicates()
  returns integer
  language plpgsql
  security definer
  set search_path to 'public', 'extensions'
as $$
declare
  found integer;
begin
  create temporary table found_pairs on commit drop as select * from public.find_duplicate_pairs();
  delete from public.candidate_duplicates d
   where d.dismissed_at is null
     and not exists (select 1 from found_pairs f where f.low_id = d.low_id and f.high_id = d.high_id);
  insert into public.candidate_duplicates (low_id, high_id, reason, similarity)
    select low_id, high_id, reason, similarity from found_pairs
  on conflict (low_id, high_id) do update set reason = excluded.reason, similarity = excluded.similarity;
  select count(*) into found from found_pairs;
  drop table found_pairs;
  return found;
end $$;
revoke all on function public.refresh_candidate_duplicates() from public, anon, authenticated, service_role;
grant execute on function public.refresh_candidate_duplicates() to service_role;

alter table public.candidate_duplicates enable row level security;
revoke all on public.candidate_duplicates from anon, authenticated, service_role;
grant select on public.candidate_duplicates to authenticated;
grant update (dismissed_at, dismissed_by) on public.candidate_duplicates to authenticated;
grant select, insert, update, delete on public.candidate_duplicates to service_role;
create policy candidate_duplicates_read on public.candidate_duplicates for select to authenticated
  using ((select is_member()));
create policy candidate_duplicates_dismiss on public.candidate_duplicates for update to authenticated
  using ((select is_member()))
  with check ((select is_member()) and dismissed_by = (select auth.uid()));
