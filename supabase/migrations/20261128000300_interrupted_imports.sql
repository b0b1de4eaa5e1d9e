-- An import is run by the web process that receives its file (decision 009). If
-- that process dies, the import must not stay 'running' for ever: it now names
-- its process (the heartbeat id of private.worker_heartbeats, which every web and
-- worker process keeps), and the sweep fails imports whose process has not been
-- seen for a minute (domain/imports/interrupted.ts; decision 029).
alter table public.imports add column running_by text;
comment on column public.imports.running_by is
  'The process (private.worker_heartbeats.worker_id) reading and writing this import while it is running.';
