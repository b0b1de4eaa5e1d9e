-- The organisation's default language is a choice, not a value everyone has: without
-- one, the product keeps the spec's own defaults (English in Compose, Dutch in the
-- campaign wizard). Until now every organisation had 'english' without choosing it,
-- which turned the wizard's Dutch default into English; that value is taken back.
alter table public.organisation_settings
  alter column default_language drop not null,
  alter column default_language drop default;
update public.organisation_settings set default_language = null where default_language = 'english';
