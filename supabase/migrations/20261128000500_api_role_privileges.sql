-- The API's roles get exactly what the migrations grant them (found writing the declarative
-- schema files, decision 031). On a Supabase project the default privileges of schema public
-- give anon and authenticated every privilege on each new table, TRUNCATE included, which
-- row-level security does not cover, and Supabase serves its REST API to anyone with the anon
-- key. On a plain PostgreSQL nothing was granted beyond the migrations' grants, so there this
-- changes nothing. anon inserts access requests and nothing else on tables; no API role
-- truncates, references or adds triggers anywhere.
revoke all on all tables in schema public from anon;
grant insert on public.access_requests to anon;
revoke truncate, references, trigger on all tables in schema public from authenticated, service_role;
revoke truncate, references, trigger on all tables in schema private from anon, authenticated, service_role;
-- MAINTAIN (PostgreSQL 17: vacuum, analyze, refresh) is in Supabase's "all" too; PostgreSQL 15 has no such privilege.
do $$
begin
  if current_setting('server_version_num')::int >= 170000 then
    execute 'revoke maintain on all tables in schema public from anon, authenticated, service_role';
    execute 'revoke maintain on all tables in schema private from anon, authenticated, service_role';
  end if;
end
$$;

-- Supabase's default privileges also give the API roles what the migrations never granted: writing
-- tables members only read (or that only triggers and the server write), executing functions that are
-- the server's or a trigger's, reading and moving sequences. Taken back object by object;
-- tests/db/supabase-shaped.test.ts compares every privilege of anon, authenticated and service_role
-- with a plain database's and names any new one.
revoke execute on function public.apply_whatsapp_status(bigint,text,timestamp with time zone,text) from anon, authenticated;
revoke execute on function public.auto_pause_campaign(bigint) from anon, authenticated;
revoke execute on function public.campaign_delivery_health(bigint,integer) from anon;
revoke execute on function public.candidate_ids_by_email(text[]) from anon;
revoke execute on function public.candidate_ids_by_text(text[]) from anon;
revoke execute on function public.email_address_hash(text) from anon;
revoke execute on function public.email_suppression(text) from anon;
revoke execute on function public.email_suppression_count() from anon;
revoke execute on function public.erase_candidates(bigint[],text) from anon;
revoke execute on function public.forget_sender_windows() from anon, authenticated;
revoke execute on function public.insert_imported_candidates(bigint[],text[],text[],text[],text[],text[],text[],text[],text[],text[],text[],integer[],text[],boolean[],boolean[],text[],text) from anon, service_role;
revoke execute on function public.lock_whatsapp_status_matching() from anon, authenticated;
revoke execute on function public.match_name_word(text,integer) from anon;
revoke execute on function public.match_search_word(text,integer) from anon;
revoke execute on function public.may_read_people() from anon;
revoke execute on function public.remove_campaign_recipient(bigint,bigint) from anon, service_role;
revoke execute on function public.remove_email_suppression(text,text) from anon, service_role;
revoke execute on function public.save_own_account(text,text) from anon, service_role;
revoke execute on function public.save_own_profile(text,text,text) from anon, service_role;
revoke execute on function public.search_campaign_ids(text,integer) from anon;
revoke execute on function public.search_meeting_ids(text,integer) from anon;
revoke execute on function public.search_pool_ids(text,integer) from anon;
revoke execute on function public.search_template_ids(text,integer) from anon;
revoke execute on function public.search_word_rows() from anon;
revoke execute on function public.stop_cancelled_campaign_messages(bigint[]) from anon, authenticated;
revoke execute on function public.suppress_bounced_address(text,text) from anon, authenticated;
revoke execute on function public.take_sender_quota(text,integer,integer,integer,timestamp with time zone) from anon, authenticated;
revoke select, update on sequence public.access_requests_id_seq from authenticated, service_role;
revoke select, update, usage on sequence public.access_requests_id_seq from anon;
revoke select, update on sequence public.ai_template_suggestions_id_seq from authenticated, service_role;
revoke select, update, usage on sequence public.ai_template_suggestions_id_seq from anon;
revoke select, update on sequence public.ai_templates_id_seq from authenticated, service_role;
revoke select, update, usage on sequence public.ai_templates_id_seq from anon;
revoke select, update on sequence public.audit_log_id_seq from authenticated, service_role;
revoke select, update, usage on sequence public.audit_log_id_seq from anon;
revoke select, update on sequence public.booking_links_id_seq from authenticated, service_role;
revoke select, update, usage on sequence public.booking_links_id_seq from anon;
revoke select, update on sequence public.campaign_recipients_id_seq from authenticated, service_role;
revoke select, update, usage on sequence public.campaign_recipients_id_seq from anon;
revoke select, update on sequence public.campaigns_id_seq from authenticated, service_role;
revoke select, update, usage on sequence public.campaigns_id_seq from anon;
revoke select, update on sequence public.candidates_id_seq from authenticated, service_role;
revoke select, update, usage on sequence public.candidates_id_seq from anon;
revoke select, update on sequence public.consent_events_id_seq from authenticated, service_role;
revoke select, update, usage on sequence public.consent_events_id_seq from anon;
revoke select, update on sequence public.engagement_events_id_seq from authenticated, service_role;
revoke select, update, usage on sequence public.engagement_events_id_seq from anon;
revoke select, update on sequence public.imports_id_seq from authenticated, service_role;
revoke select, update, usage on sequence public.imports_id_seq from anon;
revoke select, update, usage on sequence public.inbound_unmatched_id_seq from anon, authenticated, service_role;
revoke select, update, usage on sequence public.mail_outbox_id_seq from anon, authenticated, service_role;
revoke select, update, usage on sequence public.meeting_notifications_id_seq from anon, authenticated, service_role;
revoke select, update, usage on sequence public.meeting_types_id_seq from anon, authenticated, service_role;
revoke select, update on sequence public.meetings_id_seq from authenticated, service_role;
revoke select, update, usage on sequence public.meetings_id_seq from anon;
revoke select, update on sequence public.messages_id_seq from authenticated, service_role;
revoke select, update, usage on sequence public.messages_id_seq from anon;
revoke select, update on sequence public.talent_pools_id_seq from authenticated, service_role;
revoke select, update, usage on sequence public.talent_pools_id_seq from anon;
revoke select, update, usage on sequence public.whatsapp_events_id_seq from anon, authenticated, service_role;
revoke delete, update on public.audit_log from authenticated;
revoke delete, update on public.campaign_steps from authenticated;
revoke delete, insert, update on public.candidate_name_words from authenticated;
revoke delete, insert, update on public.engagement_daily from authenticated, service_role;
revoke delete, insert, update on public.engagement_events from authenticated;
revoke update on public.import_rows from authenticated;
revoke delete, insert, update on public.inbound_unmatched from authenticated;
revoke delete, insert, update on public.mail_outbox from authenticated;
revoke delete, update on public.meeting_notifications from authenticated;
revoke delete, insert, update on public.organisation_settings from authenticated, service_role;
-- Revoking UPDATE on the table takes its columns' grants too: an admin still saves these.
grant update (tracking_enabled, updated_at, updated_by, company_name, website, industry, sender_name, sender_email, signature,
  default_language, time_zone) on public.organisation_settings to authenticated;
revoke delete, insert, update on public.search_words from authenticated;
revoke delete, insert, update on public.talent_pool_bands from authenticated, service_role;
revoke delete, insert, update on public.talent_pools_with_counts from authenticated, service_role;
revoke delete, insert, update on public.whatsapp_events from authenticated;
