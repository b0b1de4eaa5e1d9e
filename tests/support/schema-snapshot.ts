// What a database's schema is, object by object, read from PostgreSQL's catalogs: the
// comparison behind tests/db/declarative-schema.test.ts (decision 031). Each object
// (schema, extension, table, view, sequence, function, type) becomes a key and a list
// of lines describing it; two databases hold the same schema when both maps are equal.
// Everything is printed under search_path pg_catalog, so every name carries its schema.
import type pg from 'pg';

/** Object ("table public.messages") → the lines that describe it. */
export type SchemaSnapshot = Map<string, string[]>;

/** Schemas that are not the app's: PostgreSQL's own, and the migration runner's bookkeeping. */
const NOT_COMPARED = ['pg_catalog', 'information_schema', 'pg_toast', 'talentloop_meta', 'app_auth', 'pgboss', 'supabase_migrations'];

/** Objects that belong to an extension (pg_trgm's functions, citext's type, ...) are the extension's, not ours. */
const NOT_FROM_EXTENSION = (classid: string, oid: string) =>
  `not exists (select 1 from pg_depend e where e.classid = '${classid}'::regclass and e.objid = ${oid} and e.deptype = 'e')`;

const TABLE_KINDS: Record<string, string> = { r: 'table', p: 'table', v: 'view', m: 'materialized view', S: 'sequence', f: 'foreign table' };

interface AclRow { grantee: string; privilege: string; grantable: boolean }

/** "authenticated: insert, select" lines, one per grantee, from aclexplode() rows. */
function privilegeLines(prefix: string, rows: AclRow[] | null): string[] {
  const byGrantee = new Map<string, string[]>();
  for (const row of rows ?? []) {
    const list = byGrantee.get(row.grantee) ?? [];
    list.push(row.privilege.toLowerCase() + (row.grantable ? ' with grant option' : ''));
    byGrantee.set(row.grantee, list);
  }
  return [...byGrantee].map(([grantee, privileges]) => `${prefix}${grantee}: ${privileges.sort().join(', ')}`).sort();
}

/** SQL for the exploded privileges of `acl` (when null, the default for the object kind `kind`, an SQL "char", and `owner`). */
function aclJson(acl: string, kind: string, owner: string) {
  return `(select json_agg(json_build_object('grantee', case when a.grantee = 0 then 'public' else pg_get_userbyid(a.grantee) end,
                                             'privilege', a.privilege_type, 'grantable', a.is_grantable))
             from aclexplode(coalesce(${acl}, acldefault(${kind}, ${owner}))) a)`;
}

function add(snapshot: SchemaSnapshot, key: string, lines: string[]) {
  snapshot.set(key, [...(snapshot.get(key) ?? []), ...lines]);
}

/** The app's schemas of a database: every schema but PostgreSQL's own and those made at run time by libraries. */
export async function appSchemas(client: pg.ClientBase): Promise<string[]> {
  const { rows } = await client.query<{ nspname: string }>(
    `select nspname from pg_namespace where nspname <> all ($1) and nspname !~ '^pg_' order by 1`, [NOT_COMPARED]);
  return rows.map((row) => row.nspname);
}

export async function snapshotSchema(client: pg.ClientBase, schemas: string[]): Promise<SchemaSnapshot> {
  const snapshot: SchemaSnapshot = new Map();
  await client.query(`select set_config('search_path', 'pg_catalog', false)`);
  const q = async <T extends pg.QueryResultRow>(sql: string) => (await client.query<T>(sql, sql.includes('$1') ? [schemas] : [])).rows;

  for (const row of await q<{ nspname: string; owner: string; comment: string | null; acl: AclRow[] }>(`
      select n.nspname, pg_get_userbyid(n.nspowner) as owner, obj_description(n.oid, 'pg_namespace') as comment,
             ${aclJson('n.nspacl', `'n'`, 'n.nspowner')} as acl
        from pg_namespace n where n.nspname = any ($1)`)) {
    add(snapshot, `schema ${row.nspname}`, [`owner ${row.owner}`, `comment ${row.comment}`, ...privilegeLines('privileges ', row.acl)]);
  }

  for (const row of await q<{ extname: string; nspname: string }>(`
      select x.extname, n.nspname from pg_extension x join pg_namespace n on n.oid = x.extnamespace
       where x.extname <> 'plpgsql'`)) {
    add(snapshot, `extension ${row.extname}`, [`in schema ${row.nspname}`]);
  }

  for (const row of await q<{ defaults: string }>(`
      select format('%s in %s on %s: %s', pg_get_userbyid(d.defaclrole), coalesce(d.defaclnamespace::regnamespace::text, 'every schema'),
                    d.defaclobjtype, d.defaclacl) as defaults
        from pg_default_acl d where d.defaclnamespace = 0 or d.defaclnamespace::regnamespace::text = any ($1)`)) {
    add(snapshot, 'default privileges', [row.defaults]);
  }

  await describeRelations(snapshot, q);
  await describeFunctions(snapshot, q);
  await describeTypes(snapshot, q);
  return snapshot;
}

type Query = <T extends pg.QueryResultRow>(sql: string) => Promise<T[]>;

interface RelationRow {
  oid: number; name: string; relkind: string; owner: string; persistence: string; rls: boolean; force_rls: boolean;
  replica_identity: string; options: string[] | null; comment: string | null; acl: AclRow[]; view: string | null;
}

async function describeRelations(snapshot: SchemaSnapshot, q: Query) {
  const relations = await q<RelationRow>(`
    select c.oid, c.oid::regclass::text as name, c.relkind, pg_get_userbyid(c.relowner) as owner, c.relpersistence as persistence,
           c.relrowsecurity as rls, c.relforcerowsecurity as force_rls, c.relreplident as replica_identity, c.reloptions as options,
           obj_description(c.oid, 'pg_class') as comment,
           ${aclJson('c.relacl', `case c.relkind when 'S' then 's'::"char" else 'r'::"char" end`, 'c.relowner')} as acl,
           case when c.relkind in ('v', 'm') then pg_get_viewdef(c.oid) end as view
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = any ($1) and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
       and ${NOT_FROM_EXTENSION('pg_class', 'c.oid')}`);
  const keyOf = new Map<number, string>();
  for (const r of relations) {
    const key = `${TABLE_KINDS[r.relkind]} ${r.name}`;
    keyOf.set(r.oid, key);
    add(snapshot, key, [
      `owner ${r.owner}`,
      `persistence ${r.persistence}, row-level security ${r.rls ? 'on' : 'off'}${r.force_rls ? ' (forced)' : ''}, replica identity ${r.replica_identity}`,
      `options ${(r.options ?? []).join(', ')}`,
      `comment ${r.comment}`,
      ...privilegeLines('privileges ', r.acl),
      ...(r.view === null ? [] : r.view.split('\n').map((line) => `definition| ${line}`)),
    ]);
  }
  const oids = `(select c.oid from pg_class c join pg_namespace n on n.oid = c.relnamespace
                  where n.nspname = any ($1) and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f'))`;
  const lines = async (sql: string) => {
    for (const row of await q<{ rel: number; line: string }>(sql)) {
      const key = keyOf.get(row.rel);
      if (key) add(snapshot, key, [row.line]);
    }
  };

  // Columns in their order, then one line each (a reordered table differs by its first line).
  await lines(`
    select a.attrelid as rel, 'columns ' || string_agg(quote_ident(a.attname), ', ' order by a.attnum) as line
      from pg_attribute a where a.attrelid in ${oids} and a.attnum > 0 and not a.attisdropped group by a.attrelid`);
  await lines(`
    select a.attrelid as rel,
           concat_ws(' ', 'column', quote_ident(a.attname), format_type(a.atttypid, a.atttypmod),
             case when a.attcollation <> t.typcollation then 'collate ' || a.attcollation::regcollation::text end,
             case when a.attnotnull then 'not null' end,
             case when a.attidentity <> '' then 'identity ' || a.attidentity::text end,
             case when a.attgenerated <> '' then 'generated ' || a.attgenerated::text || ' as ' || pg_get_expr(d.adbin, d.adrelid)
                  when d.adbin is not null then 'default ' || pg_get_expr(d.adbin, d.adrelid) end,
             case when a.attstattarget is not null then 'statistics ' || a.attstattarget end,
             case when a.attstorage <> t.typstorage then 'storage ' || a.attstorage::text end,
             case when a.attcompression <> '' then 'compression ' || a.attcompression::text end,
             case when a.attoptions is not null then 'options ' || array_to_string(a.attoptions, ', ') end,
             case when col_description(a.attrelid, a.attnum) is not null then 'comment ' || col_description(a.attrelid, a.attnum) end,
             case when a.attacl is not null then 'privileges ' || (
               select string_agg(format('%s %s', pg_get_userbyid(x.grantee), lower(x.privilege_type)), ', '
                                 order by pg_get_userbyid(x.grantee), x.privilege_type)
                 from aclexplode(a.attacl) x) end) as line
      from pg_attribute a join pg_type t on t.oid = a.atttypid
      left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
     where a.attrelid in ${oids} and a.attnum > 0 and not a.attisdropped`);
  await lines(`
    select k.conrelid as rel, concat_ws(' ', 'constraint', quote_ident(k.conname), pg_get_constraintdef(k.oid),
             case when not k.convalidated then '(not valid)' end,
             case when obj_description(k.oid, 'pg_constraint') is not null then 'comment ' || obj_description(k.oid, 'pg_constraint') end) as line
      from pg_constraint k where k.conrelid in ${oids}`);
  await lines(`
    select i.indrelid as rel, concat_ws(' ', 'index', pg_get_indexdef(i.indexrelid),
             case when obj_description(i.indexrelid, 'pg_class') is not null then 'comment ' || obj_description(i.indexrelid, 'pg_class') end) as line
      from pg_index i where i.indrelid in ${oids}`);
  await lines(`
    select t.tgrelid as rel, concat_ws(' ', 'trigger', pg_get_triggerdef(t.oid), 'enabled ' || t.tgenabled::text,
             case when obj_description(t.oid, 'pg_trigger') is not null then 'comment ' || obj_description(t.oid, 'pg_trigger') end) as line
      from pg_trigger t where t.tgrelid in ${oids} and not t.tgisinternal`);
  await lines(`
    select p.polrelid as rel,
           concat_ws(' ', 'policy', quote_ident(p.polname), case when p.polpermissive then 'permissive' else 'restrictive' end,
             'for', case p.polcmd when 'r' then 'select' when 'a' then 'insert' when 'w' then 'update' when 'd' then 'delete' else 'all' end,
             'to', (select string_agg(case when r = 0 then 'public' else pg_get_userbyid(r) end, ', ' order by 1) from unnest(p.polroles) r),
             'using (' || pg_get_expr(p.polqual, p.polrelid) || ')', 'with check (' || pg_get_expr(p.polwithcheck, p.polrelid) || ')',
             case when obj_description(p.oid, 'pg_policy') is not null then 'comment ' || obj_description(p.oid, 'pg_policy') end) as line
      from pg_policy p where p.polrelid in ${oids}`);
  await lines(`
    select r.ev_class as rel, 'rule ' || pg_get_ruledef(r.oid) as line
      from pg_rewrite r join pg_class c on c.oid = r.ev_class
     where r.ev_class in ${oids} and not (c.relkind in ('v', 'm') and r.rulename = '_RETURN')`);
  await lines(`
    select s.seqrelid as rel,
           format('sequence %s start %s increment %s min %s max %s cache %s%s', format_type(s.seqtypid, null), s.seqstart,
                  s.seqincrement, s.seqmin, s.seqmax, s.seqcache, case when s.seqcycle then ' cycle' else '' end) as line
      from pg_sequence s where s.seqrelid in ${oids}`);
  await lines(`
    select d.objid as rel, format('owned by %s.%s (%s)', d.refobjid::regclass, quote_ident(a.attname),
                                  case d.deptype when 'i' then 'identity' else 'owned by' end) as line
      from pg_depend d join pg_attribute a on a.attrelid = d.refobjid and a.attnum = d.refobjsubid
     where d.classid = 'pg_class'::regclass and d.objid in ${oids} and d.refclassid = 'pg_class'::regclass
       and d.deptype in ('a', 'i') and d.refobjsubid > 0`);
  // The catalogs' order is no meaning: lines sort, but a view's definition keeps its own order.
  for (const key of keyOf.values()) {
    const described = snapshot.get(key)!;
    const definition = described.filter((line) => line.startsWith('definition| '));
    snapshot.set(key, [...described.filter((line) => !line.startsWith('definition| ')).sort(), ...definition]);
  }
}

async function describeFunctions(snapshot: SchemaSnapshot, q: Query) {
  const rows = await q<{ name: string; kind: string; definition: string | null; owner: string; comment: string | null; acl: AclRow[] }>(`
    select p.oid::regprocedure::text as name, p.prokind as kind,
           case when p.prokind in ('f', 'p') then pg_get_functiondef(p.oid) end as definition,
           pg_get_userbyid(p.proowner) as owner, obj_description(p.oid, 'pg_proc') as comment,
           ${aclJson('p.proacl', `'f'`, 'p.proowner')} as acl
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = any ($1) and ${NOT_FROM_EXTENSION('pg_proc', 'p.oid')}`);
  for (const row of rows) {
    add(snapshot, `${row.kind === 'p' ? 'procedure' : row.kind === 'a' ? 'aggregate' : 'function'} ${row.name}`, [
      `owner ${row.owner}`,
      `comment ${row.comment}`,
      ...privilegeLines('privileges ', row.acl),
      ...(row.definition ?? '').split('\n').map((line) => `definition| ${line}`),
    ]);
  }
}

async function describeTypes(snapshot: SchemaSnapshot, q: Query) {
  const rows = await q<{ name: string; line: string }>(`
    select t.oid::regtype::text as name,
           concat_ws(' ', 'type', t.typtype::text, 'owner', pg_get_userbyid(t.typowner),
             case when t.typtype = 'e' then 'labels ' || (select string_agg(quote_literal(e.enumlabel), ', ' order by e.enumsortorder)
                                                        from pg_enum e where e.enumtypid = t.oid) end,
             case when t.typtype = 'd' then 'over ' || format_type(t.typbasetype, t.typtypmod)
                                            || case when t.typnotnull then ' not null' else '' end
                                            || coalesce(' default ' || t.typdefault, '')
                                            || coalesce(' ' || (select string_agg(k.conname || ' ' || pg_get_constraintdef(k.oid), ', ' order by k.conname)
                                                                  from pg_constraint k where k.contypid = t.oid), '') end,
             case when t.typtype = 'c' then 'attributes ' || (select string_agg(quote_ident(a.attname) || ' ' || format_type(a.atttypid, a.atttypmod), ', ' order by a.attnum)
                                                             from pg_attribute a where a.attrelid = t.typrelid and a.attnum > 0 and not a.attisdropped) end,
             case when t.typtype = 'r' then 'range of ' || (select format_type(r.rngsubtype, null) from pg_range r where r.rngtypid = t.oid) end,
             'comment ' || obj_description(t.oid, 'pg_type'),
             'privileges ' || t.typacl::text) as line
      from pg_type t join pg_namespace n on n.oid = t.typnamespace
      left join pg_class c on c.oid = t.typrelid
     where n.nspname = any ($1) and ${NOT_FROM_EXTENSION('pg_type', 't.oid')}
       and (t.typtype in ('e', 'd', 'r', 'm') or (t.typtype = 'c' and c.relkind = 'c'))`);
  for (const row of rows) add(snapshot, `type ${row.name}`, [row.line]);
}

/** The lines that differ between `before` and `after`, in order, marked - and + (a longest-common-subsequence diff). */
export function lineDiff(before: string[], after: string[]): string[] {
  const n = before.length;
  const m = after.length;
  const common: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      common[i][j] = before[i] === after[j] ? common[i + 1][j + 1] + 1 : Math.max(common[i + 1][j], common[i][j + 1]);
    }
  }
  const out: string[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && before[i] === after[j]) {
      i++;
      j++;
    } else if (i < n && (j === m || common[i + 1][j] >= common[i][j + 1])) {
      out.push(`- ${before[i++]}`);
    } else {
      out.push(`+ ${after[j++]}`);
    }
  }
  return out;
}

/**
 * How `declared` (the schema files) differs from `migrated` (the migrations), one
 * paragraph per object that drifted, naming it; empty when they hold the same schema.
 */
export function describeDrift(migrated: SchemaSnapshot, declared: SchemaSnapshot): string[] {
  const drift: string[] = [];
  const keys = [...new Set([...migrated.keys(), ...declared.keys()])].sort();
  for (const key of keys) {
    const before = migrated.get(key);
    const after = declared.get(key);
    if (!after) drift.push(`${key}: made by the migrations, missing from supabase/schemas/`);
    else if (!before) drift.push(`${key}: in supabase/schemas/, not made by the migrations`);
    else if (before.join('\n') !== after.join('\n')) {
      drift.push([`${key} differs (- migrations, + supabase/schemas/):`, ...lineDiff(before, after).map((line) => `    ${line}`)].join('\n'));
    }
  }
  return drift;
}
