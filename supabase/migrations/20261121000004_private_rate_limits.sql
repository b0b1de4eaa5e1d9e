-- Server-only bookkeeping that no API role may read: sign-in rate limits
-- (kept in the database so that every process enforces the same budget).
create schema if not exists private;
revoke all on schema private from public;

create table private.rate_limits (
  key text primary key,
  window_started_at timestamptz not null,
  hits integer not null
);
