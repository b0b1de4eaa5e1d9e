-- A candidate's search words with one fold per row (issue 31, import part; decision 046, amended): the eight
-- fields are lower-cased and unaccented together (search_doc once, not once per field), then split back at a
-- separator no field holds (chr(1) in a field is a word break either way, so it is replaced by a space first).
-- The words and their field bits are exactly those of the definition before (checked on 200,000 candidates);
-- half the CPU per row, which every insert, update and delete of candidates pays through the word triggers.
create or replace function public.candidate_words(c public.candidates)
  returns table (word text, fields smallint)
  language sql immutable parallel safe
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
