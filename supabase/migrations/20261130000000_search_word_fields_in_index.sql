-- Decision 059: the word index carries each word's fields, so that checking where a word is held (a
-- seniority word in the level or the job title, not the preferred role) reads the index alone, as every
-- other probe of the search does, instead of one row of the table per candidate checked.
alter table public.candidate_name_words drop constraint candidate_name_words_pkey;
alter table public.candidate_name_words add constraint candidate_name_words_pkey primary key (word, candidate_id) include (fields);
