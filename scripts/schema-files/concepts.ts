// Which file of supabase/schemas/ holds which object, and what each file says about
// itself (decision 031). The files are applied in this order: each builds only on those
// before it (a foreign key or trigger that needs a later file is written in that file).
// A table, view or function that no file names stops `npm run schema:files`: decide
// where a reader would look for it, and add it here. Placeholders and integrations keep
// nothing in the database, so they have no file.

export interface ConceptFile {
  file: string;
  /** What the file holds and which decisions explain it (the file's opening comment). */
  about: string;
  /** SQL written as is, before the generated part, and the schemas and objects it makes (the generator skips them). */
  handWritten?: { sql: string; objects: string[] };
  /** SQL written as is after the generated part: what exists only on a Supabase project (it makes nothing here). */
  handWrittenAfter?: string;
  /** Schemas this file creates. */
  schemas?: string[];
  tables?: string[];
  views?: string[];
  /** schema.name of functions, in the order they are created (an SQL function's body must find those it calls). */
  functions?: string[];
}

/** On a Supabase project only: profiles follow the users of Supabase Auth (migration 20261129150100, decision 050). */
const SUPABASE_AUTH_USER_TRIGGERS = `-- ---------------------------------------------------------------- on a Supabase project

-- Users made, banned, renamed or deleted in Supabase Auth (its dashboard too) reach their profiles.
-- Where schema auth has no users table (better-auth, the embedded default) nothing is attached.
do $$
begin
  if to_regclass('auth.users') is not null then
    create trigger talentloop_profile_for_new_user after insert on auth.users
      for each row execute function private.profile_for_auth_user();
    create trigger talentloop_profile_follows_user after update of banned_until, email or delete on auth.users
      for each row execute function private.profile_follows_auth_user();
  end if;
end
$$;`;

/** The stand-in for what a Supabase project has already, as migration 20261121000001 makes it. */
const SUPABASE_SHIM = `-- ---------------------------------------------------------------- what Supabase has already
-- Extensions go where the project keeps them: schema extensions on Supabase
-- (where most already are), the default (public) on a plain PostgreSQL.
do $$
declare ext text;
begin
  foreach ext in array array['pgcrypto', 'citext', 'pg_trgm', 'unaccent', 'btree_gist', 'fuzzystrmatch'] loop
    if not exists (select 1 from pg_extension where extname = ext) then
      if to_regnamespace('extensions') is not null then
        execute format('create extension %I with schema extensions', ext);
      else
        execute format('create extension %I', ext);
      end if;
    end if;
  end loop;
end
$$;

-- The API roles (cluster-wide): requests run as anon or authenticated, the worker and
-- trusted server paths as service_role; the login role talentloop_app, made by the app at
-- start-up, switches to them per transaction (decision 002).
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
end
$$;

create schema if not exists auth;

-- request.jwt.claims is set per transaction by the API (set_config(..., true)).
-- After a transaction a pooled connection returns '' rather than NULL, hence nullif.
do $$
begin
  if to_regprocedure('auth.jwt()') is null then
    create function auth.jwt() returns jsonb
      language sql stable
      as $f$ select coalesce(nullif(current_setting('request.jwt.claims', true), '')::jsonb, '{}'::jsonb) $f$;
  end if;
  if to_regprocedure('auth.uid()') is null then
    create function auth.uid() returns uuid
      language sql stable
      as $f$ select nullif(auth.jwt() ->> 'sub', '')::uuid $f$;
  end if;
  if to_regprocedure('auth.role()') is null then
    create function auth.role() returns text
      language sql stable
      as $f$ select nullif(auth.jwt() ->> 'role', '') $f$;
  end if;
end
$$;

-- Only where we own schema auth: on Supabase it belongs to supabase_auth_admin,
-- which has granted this already, and the migrating role may not grant it.
do $$
begin
  if exists (select 1 from pg_namespace where nspname = 'auth' and pg_has_role(nspowner, 'USAGE')) then
    grant usage on schema auth to anon, authenticated, service_role;
    grant execute on function auth.jwt(), auth.uid(), auth.role() to anon, authenticated, service_role;
  end if;
end
$$;

grant usage on schema public to anon, authenticated, service_role;

-- unaccent() is only STABLE; an IMMUTABLE wrapper is needed for indexes and
-- generated columns. The extension's schema differs (public here, extensions on
-- Supabase), so the wrapper names it explicitly.
do $$
declare ext_schema text;
begin
  select n.nspname into ext_schema
    from pg_extension e join pg_namespace n on n.oid = e.extnamespace
   where e.extname = 'unaccent';
  execute format(
    'create or replace function public.f_unaccent(text) returns text
       language sql immutable parallel safe strict
       as %L',
    format('select %I.unaccent(%L::regdictionary, $1)', ext_schema, ext_schema || '.unaccent'));
end
$$;
grant execute on function public.f_unaccent(text) to anon, authenticated, service_role;`;

export const CONCEPT_FILES: ConceptFile[] = [
  {
    file: 'shared.sql',
    about: `What every concept stands on. First what a Supabase project has already, made here only where it
is missing: the extensions, the API roles anon, authenticated and service_role, and the stand-in for
Supabase's auth.jwt(), auth.uid() and auth.role() (decision 002). Then the text helpers that search
indexes use, schema private (server bookkeeping that no API role may read) and what the platform keeps
there: sign-in rate limits (decision 012), process heartbeats (decisions 011, 029) and the known time
zone names (decision 028; the names are data a migration copies from the server). The RLS helpers
is_admin() and is_member() read profiles: they are in auth.sql.`,
    handWritten: { sql: SUPABASE_SHIM, objects: ['auth', 'auth.jwt', 'auth.uid', 'auth.role', 'public.f_unaccent'] },
    schemas: ['private'],
    tables: ['private.rate_limits', 'private.worker_heartbeats', 'private.time_zone_names'],
    functions: ['public.search_doc', 'public.touch_updated_at', 'public.touch_worker_heartbeat', 'public.forget_worker',
      'public.worker_seen_within', 'public.is_iana_time_zone'],
  },
  {
    file: 'auth.sql',
    about: `Users and who may do what (decisions 002, 003, 012). profiles is what the app and every policy
read about a user (better-auth keeps the credentials in schema app_auth, which it makes at run time);
is_admin() and is_member() are what the policies ask. Also the requests for access, the audit log,
and the TOTP steps already used (a code works once).`,
    tables: ['public.profiles', 'public.access_requests', 'public.audit_log', 'private.totp_used_steps',
      'private.auth_sessions', 'private.totp_factors', 'private.backup_codes'],
    functions: ['public.is_admin', 'public.is_member', 'private.profile_for_auth_user', 'private.profile_follows_auth_user'],
    handWrittenAfter: SUPABASE_AUTH_USER_TRIGGERS,
  },
  {
    file: 'settings.sql',
    about: `The organisation's settings, one row (the row is data: a migration inserts it), and a user's own
profile and account, which only they change, through two functions (decisions 020, 024; tracking_enabled:
decision 017). private.organisation_zone() is the zone sender limits count days in.`,
    tables: ['public.organisation_settings'],
    functions: ['public.save_own_profile', 'public.save_own_account', 'public.save_own_staff_emails', 'private.organisation_zone', 'public.organisation_today'],
  },
  {
    file: 'candidates.sql',
    about: `Candidates: who they are, how to reach them, their time zone (inferred from the location, or set
by hand) and their scores. Their consent flags change only through the ledger and candidates are deleted
only by erase_candidates(), both in consent.sql (decision 008), or merged into another by merge_candidates()
(decision 042: likely duplicate pairs, the refresh's state, redirects from merged ids); their search words are
in search.sql.`,
    tables: ['public.candidates', 'public.candidate_duplicates', 'public.candidate_duplicate_refresh', 'public.candidate_redirects'],
    functions: ['public.candidate_search_doc', 'public.location_time_zone', 'public.candidates_infer_time_zone', 'public.candidates_touch',
      'public.duplicate_text', 'public.one_typo_apart', 'public.find_duplicate_pairs', 'public.refresh_candidate_duplicates',
      'public.request_candidate_duplicate_refresh', 'public.merge_candidates'],
  },
  {
    file: 'talent-pools.sql',
    about: `Talent pools, their members, and the pools with their member counts (a security_invoker view:
read under the caller's policies, decision 002). The members per engagement band are in dashboard.sql.`,
    tables: ['public.talent_pools', 'public.talent_pool_members'],
    views: ['public.talent_pools_with_counts'],
  },
  {
    file: 'consent.sql',
    about: `Consent that no code path can get around (decision 008): the append-only ledger consent_events and
the triggers that apply each entry to the candidate; the suppression list, kept as hashes of the mailbox
key with the database's pepper (private.settings; the pepper row is data a migration inserts), and each
candidate's flag email_suppressed that its triggers keep (decision 064); and
contact_blockers(), the one rule for whether and why a candidate can be contacted on a channel, which
domain/consent/eligibility.ts mirrors; email consent expires (email_consent_expiry(), set by the ledger's trigger)
and is renewed only by a new grant. Candidates are erased only through erase_candidates() (audited).
The trigger that checks every outbound message is on messages (messages.sql). Candidates' data requests
(access, correction, erasure) with their deadline and state (decision 042).`,
    tables: ['public.consent_events', 'private.settings', 'public.email_suppressions', 'public.data_requests'],
    functions: ['public.candidate_consent_sources', 'public.mailbox_key', 'private.address_hashes', 'public.email_address_hash',
      'public.legacy_email_address_hash', 'private.address_suppressions', 'public.email_suppression',
      'public.candidates_email_suppression', 'private.flag_suppressed_candidates', 'public.email_suppression_count',
      'public.email_consent_expiry', 'public.contact_blockers', 'public.can_contact', 'public.check_consent_event', 'public.apply_consent_event',
      'public.consent_events_append_only', 'public.suppress_listed_address', 'public.enforce_message_consent',
      'public.erase_candidates', 'public.remove_email_suppression', 'public.merge_consent_outcome'],
  },
  {
    file: 'messages.sql',
    about: `Messages in and out, by email and WhatsApp: threads and the needs-reply flag on a thread's root,
the delivery claim that names its worker (decision 011), send_after and the wait for a sender limit
(decision 019), tracking tokens (decision 017), WhatsApp templates and statuses (decision 025). Consent
is checked for every role by the trigger messages_consent (its function is in consent.sql). Also the
inbound mail that matched no thread or candidate, kept for a human.`,
    tables: ['public.messages', 'public.inbound_unmatched'],
    functions: ['public.track_needs_reply'],
  },
  {
    file: 'engagement.sql',
    about: `Engagement events (opens, clicks, replies, bounces, complaints, unsubscribes and booked meetings,
each once; decision 017) and the engagement score computed from them in SQL (decision 016): the
candidates whose score is due, filled by triggers, and recompute_engagement().`,
    tables: ['public.engagement_events', 'private.engagement_pending'],
    functions: ['public.engagement_band', 'public.engagement_base_weight', 'public.engagement_reply_sentiment',
      'private.engagement_signals', 'public.recompute_engagement', 'public.recompute_pending_engagement',
      'private.engagement_events_pending', 'private.reply_sentiment_pending'],
  },
  {
    file: 'campaigns.sql',
    about: `Campaigns, their follow-up steps and their recipients (decisions 018, 021): a cancel stops the queued
messages, a candidate leaves a sequence by triggers (reply, booking, unsubscribe, hard bounce, consent
withdrawn, removed from the pool), an automatic reply pauses a candidate's sequences (decision 038), a
campaign pauses itself on bounces and complaints (decision 019), record_deliveries() records what became of
each message the delivery sent and of its campaign recipient (decision 062), and complete_campaigns() closes
campaigns for the delivery, the sweep and pause/cancel (decision 030).`,
    tables: ['public.campaigns', 'public.campaign_steps', 'public.campaign_recipients'],
    functions: ['public.stop_cancelled_campaign_messages', 'public.campaigns_stop_on_cancel', 'public.campaigns_paused_reason',
      'public.campaign_delivery_health', 'public.auto_pause_campaign', 'public.engagement_events_auto_pause',
      'private.exit_campaign_sequences', 'private.exit_on_engagement', 'private.exit_on_consent', 'private.exit_on_pool_removal',
      'public.remove_campaign_recipient', 'public.record_deliveries', 'public.complete_campaigns', 'private.pause_sequences_on_auto_reply'],
  },
  {
    file: 'mail.sql',
    about: `Email as such (decisions 006, 019): what the dev outbox "delivered", each sending mailbox's daily cap
and per-minute rate (take_sender_quota(), which locks the counters for the claim's transaction), and
bounces: a hard bounce suppresses the address, and a bounce as the API shows it; the recruiters' own mailboxes
and the state of reading their inboxes, with Graph's change-notification subscriptions on them (decision 039).`,
    tables: ['public.mail_outbox', 'private.sender_sends', 'public.mailboxes', 'public.mailbox_subscriptions'],
    functions: ['public.take_sender_quota', 'public.forget_sender_windows', 'public.suppress_bounced_address',
      'public.bounce_json', 'public.message_bounce', 'public.candidate_email_bounce'],
  },
  {
    file: 'whatsapp.sql',
    about: `WhatsApp (decision 025): every webhook event, once; a candidate found by the last nine digits of a
number; and the one rule that applies a delivery status to a message, also to a status that arrived
before the worker recorded the message's wamid.`,
    tables: ['public.whatsapp_events'],
    functions: ['public.phone_digits', 'public.apply_whatsapp_status', 'public.lock_whatsapp_status_matching',
      'public.apply_early_whatsapp_statuses'],
  },
  {
    file: 'meetings.sql',
    about: `Meetings and self-booking (decision 015): a recruiter's booking settings and meeting types, booking
links, meetings (the exclusion constraint meetings_no_overlap refuses a double booking, buffers included)
and the candidate's meeting emails, each sent once. A team's types (decision 041): the hosts of a type,
the hosts a meeting holds (meeting_hosts_no_overlap: no host has two meetings that overlap, whatever the
type), and the candidate's reminders, which follow their meeting by trigger.`,
    tables: ['public.booking_settings', 'public.meeting_types', 'public.meeting_type_hosts', 'public.booking_links',
      'public.meetings', 'public.meeting_hosts', 'public.meeting_notifications', 'public.meeting_reminders'],
    functions: ['public.team_members', 'public.meeting_types_owner_hosts', 'public.meetings_blocked_range', 'public.meetings_hosts_follow', 'public.meeting_reminder_plan',
      'public.meetings_reminders_follow'],
  },
  {
    file: 'ai.sql',
    about: `Message templates for the drafter and the ones suggested per campaign type (decision 007). The
built-in templates in English and Dutch are data a migration inserts.`,
    tables: ['public.ai_templates', 'public.ai_template_suggestions'],
  },
  {
    file: 'imports.sql',
    about: `CSV imports, all or nothing per file (decision 009): the import with its progress and the process
running it (decision 029), the rows staged while the file uploads, the rows skipped with their reason,
and insert_imported_candidates(), which writes new candidates together with their first consent.`,
    tables: ['public.imports', 'public.import_rows', 'public.import_skipped_rows'],
    functions: ['public.insert_imported_candidates'],
  },
  {
    file: 'search.sql',
    about: `Search (decisions 005, 022, 045): the words of every searchable candidate field (name, email, job,
skills, location, seniority level, preferred role, notes; public.candidate_words is the one rule) in a btree
word index kept by triggers, the dictionary of words for typo and prefix matching, and the SECURITY DEFINER
lookups that use the indexes behind row-level security and return ids only (the rows are then read under
the caller's policies).`,
    tables: ['public.candidate_name_words', 'public.search_words'],
    functions: ['public.name_words', 'public.candidate_words', 'public.name_words_after_insert', 'public.name_words_after_delete',
      'public.name_words_after_truncate', 'public.search_words_after_update', 'public.may_read_people',
      'public.match_name_word', 'public.match_search_word', 'public.search_word_rows', 'public.candidate_ids_by_email',
      'public.candidate_ids_by_text', 'public.search_pool_ids', 'public.search_campaign_ids', 'public.search_template_ids',
      'public.search_meeting_ids', 'public.search_host_meeting_ids'],
  },
  {
    file: 'dashboard.sql',
    about: `The dashboard's rollups, kept by triggers so that GET /api/dashboard never reads messages or events
per request (decisions 016, 017): engagement_daily, per UTC day, sender and campaign, counting each
message's first open, click and reply once; and talent_pool_bands, the candidates per engagement band
in each pool.`,
    tables: ['public.engagement_daily', 'private.engagement_firsts', 'public.talent_pool_bands'],
    functions: ['private.utc_day', 'private.message_owner', 'private.engagement_daily_add', 'private.engagement_daily_recount',
      'private.rollup_message_sent', 'private.rollup_messages_sent', 'private.rollup_reply_sentiment', 'private.rollup_engagement_event',
      'private.rollup_meeting_booked', 'private.rollup_pool_members', 'private.rollup_candidate_bands',
      'private.rollup_candidate_deleted'],
  },
  {
    file: 'retention.sql',
    about: `Retention (issue 30, decision 043): the rules that say when a candidate's data goes (inactive for N
months, no consent for N months, erasure requested), each with a grace period; the people an admin exempts,
with the reason; and retention_due(), the one definition of who is due, by which rule and on which date,
which the admin's preview, the worker's erasure (through erase_candidates(), consent.sql) and the admins'
weekly preview email (whose ledger is private.retention_digests) read. It reads messages, engagement events,
meetings and data requests, so it comes after their files.`,
    tables: ['public.retention_rules', 'public.retention_exemptions', 'private.retention_digests', 'private.retention_due_counts'],
    functions: ['public.retention_due', 'public.retention_due_count', 'private.forget_retention_due_counts'],
  },
];
