-- On Supabase, pg_trgm (similarity, %, <%, <<->) and citext live in schema
-- extensions. Migration 20261121000010 now creates its four search functions
-- with `set search_path = public, extensions`; databases migrated with the
-- earlier file (search_path = public) get the same setting here. On a plain
-- PostgreSQL, where the extensions are in public, nothing changes in effect.
alter function public.match_name_word(text, integer) set search_path = public, extensions;
alter function public.search_campaign_ids(text, integer) set search_path = public, extensions;
alter function public.search_template_ids(text, integer) set search_path = public, extensions;
alter function public.candidate_ids_by_email(text[]) set search_path = public, extensions;
