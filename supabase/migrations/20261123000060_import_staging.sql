-- CSV imports are all or nothing per file (docs/decisions/009-import-all-or-nothing.md).
-- While a file uploads, its valid rows are checked and staged here, a batch per
-- short transaction; once the whole file has been read, one transaction writes
-- them to the candidates and deletes them. A file that fails leaves nothing.
create table public.import_rows (
  import_id bigint not null references public.imports (id) on delete cascade,
  line_number integer not null,
  -- the row as candidateCreateSchema gave it
  candidate jsonb not null,
  primary key (import_id, line_number)
);
alter table public.import_rows enable row level security;
grant select, insert, delete on public.import_rows to authenticated;
grant all on public.import_rows to service_role;
create policy import_rows_members on public.import_rows for all to authenticated
  using ((select public.is_member())) with check ((select public.is_member()));

-- While running: 'reading' (staging as the file arrives), then 'writing' (the
-- one transaction). Progress of the writing: written_rows of staged_rows.
alter table public.imports
  add column stage text check (stage in ('reading', 'writing')),
  add column staged_rows integer not null default 0,
  add column written_rows integer not null default 0;
