-- Supabase Auth (decision 050): what our server keeps beside GoTrue. GoTrue holds the accounts,
-- passwords and TOTP factors; these tables hold what it has no place for: the sessions our
-- session rules govern (idle and absolute time-outs, a list the user can end one by one), the
-- TOTP secret our server needs to let each code work once and to accept a backup code, and the
-- backup codes themselves (hashed). No API role may read them.
create table private.auth_sessions (
  id uuid primary key,
  user_id uuid not null,
  user_agent text,
  ip_address text,
  created_at timestamp with time zone default now() not null,
  last_seen_at timestamp with time zone default now() not null
);
create index auth_sessions_user on private.auth_sessions (user_id);

create table private.totp_factors (
  user_id uuid primary key,
  factor_id uuid not null,
  -- Encrypted with our secret; null for a factor enrolled elsewhere (the seed, Supabase's dashboard).
  secret text,
  verified boolean default false not null,
  created_at timestamp with time zone default now() not null
);

create table private.backup_codes (
  user_id uuid not null,
  code_hash text not null,
  primary key (user_id, code_hash)
);

revoke all on private.auth_sessions, private.totp_factors, private.backup_codes from anon, authenticated, service_role;
