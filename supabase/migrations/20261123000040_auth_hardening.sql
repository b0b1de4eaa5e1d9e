-- Sign-in hardening (issue 8). Server-only bookkeeping in schema private, which
-- no API role may use (migration 004 revoked it from public).

-- A TOTP code works once (ASVS 2.8.4): the last time step each user got past the
-- second factor with. A code whose step is not later is refused
-- (domain/auth/two-factor.ts, claimTotpCode).
create table private.totp_used_steps (
  user_id uuid primary key,
  last_step bigint not null,
  used_at timestamptz not null default now()
);
revoke all on private.totp_used_steps from public;

-- Session tokens are stored as their SHA-256 from now on (domain/auth/session-tokens.ts).
-- Sessions opened before keep working: their stored tokens are hashed in place.
-- (On a fresh database better-auth creates app_auth after the migrations run.)
do $$
begin
  if to_regclass('app_auth.session') is not null then
    update app_auth.session set token = encode(sha256(convert_to(token, 'UTF8')), 'hex')
     where token !~ '^[0-9a-f]{64}$';
  end if;
end $$;
