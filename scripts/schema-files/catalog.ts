// Reads the app's schema from PostgreSQL's catalogs, for scripts/schema-files.ts to
// write out. Expressions are printed by PostgreSQL itself under search_path public, so
// extension objects (citext, pg_trgm's operators) are named as the migrations name them:
// without a schema, which is what works where they live in schema extensions (Supabase).
import type pg from 'pg';

export interface Privilege { grantee: string; privilege: string; grantable: boolean }

/** An object's privileges; null when never granted or revoked (PostgreSQL's defaults apply). */
export type Acl = Privilege[] | null;

export interface Column {
  name: string;
  type: string;
  collation: string | null;
  notNull: string | null;
  identity: '' | 'a' | 'd';
  generated: '' | 's' | 'v';
  expression: string | null;
  statistics: number | null;
  storage: string | null;
  comment: string | null;
  acl: Privilege[];
}

export interface Constraint {
  name: string;
  type: 'p' | 'u' | 'c' | 'f' | 'x' | 't' | 'n';
  definition: string;
  columns: string[];
  references: string | null;
  comment: string | null;
  dependsOn: string[];
}

export interface Index { name: string; definition: string; comment: string | null; dependsOn: string[] }

export interface Sequence { key: string; owner: string; acl: Acl }

export interface Table {
  key: string;
  schema: string;
  name: string;
  owner: string;
  columns: Column[];
  constraints: Constraint[];
  indexes: Index[];
  sequences: Sequence[];
  rls: boolean;
  forceRls: boolean;
  comment: string | null;
  acl: Acl;
  /** Functions and types the columns' types, defaults and generated expressions use. */
  dependsOn: string[];
}

export interface View {
  key: string;
  owner: string;
  definition: string;
  options: string[];
  comment: string | null;
  columnComments: { column: string; comment: string }[];
  acl: Acl;
  dependsOn: string[];
}

export interface Routine {
  /** schema.name: overloads share it. */
  key: string;
  /** schema.name(argument types), as GRANT and COMMENT name it. */
  signature: string;
  owner: string;
  /** pg_get_functiondef() up to the body. */
  header: string;
  /** The body as written (prosrc), or null for a BEGIN ATOMIC body (then `header` is the whole definition). */
  body: string | null;
  comment: string | null;
  acl: Acl;
  dependsOn: string[];
}

export interface Trigger { name: string; table: string; definition: string; enabled: string; comment: string | null; dependsOn: string[] }

export interface Policy {
  name: string;
  table: string;
  permissive: boolean;
  command: string;
  roles: string[];
  using: string | null;
  check: string | null;
  comment: string | null;
  dependsOn: string[];
}

export interface SchemaObject { name: string; owner: string; comment: string | null; acl: Acl }

export interface Catalog {
  schemas: SchemaObject[];
  tables: Map<string, Table>;
  views: Map<string, View>;
  routines: Routine[];
  triggers: Trigger[];
  policies: Policy[];
  /** Anything else in the app's schemas (types, stand-alone sequences, ...): the generator does not write these. */
  unsupported: string[];
}

const APP_SCHEMA = `n.nspname = any ($1)`;
const NOT_FROM_EXTENSION = (classid: string, oid: string) =>
  `not exists (select 1 from pg_depend e where e.classid = '${classid}'::regclass and e.objid = ${oid} and e.deptype = 'e')`;
const ACL = (acl: string) => `(select json_agg(json_build_object(
    'grantee', case when a.grantee = 0 then 'public' else pg_get_userbyid(a.grantee) end,
    'privilege', lower(a.privilege_type), 'grantable', a.is_grantable) order by a.grantee, a.privilege_type)
  from aclexplode(${acl}) a)`;

/**
 * What an object (by class and oid) stands for in the catalog we write: a function's
 * schema.name, a relation's schema.name (an index, constraint, trigger, policy or
 * default counts as its table's; a table's row type as the table).
 */
const OBJECT_KEY = (classid: string, objid: string) => `
  case ${classid}
    when 'pg_proc'::regclass then (select pn.nspname || '.' || p.proname from pg_proc p join pg_namespace pn on pn.oid = p.pronamespace where p.oid = ${objid})
    when 'pg_class'::regclass then (select cn.nspname || '.' || coalesce(t.relname, c.relname) from pg_class c
                                      join pg_namespace cn on cn.oid = c.relnamespace
                                      left join pg_index i on i.indexrelid = c.oid left join pg_class t on t.oid = i.indrelid
                                     where c.oid = ${objid})
    when 'pg_type'::regclass then (select tn.nspname || '.' || coalesce(tc.relname, t.typname) from pg_type t
                                     join pg_namespace tn on tn.oid = t.typnamespace left join pg_class tc on tc.oid = t.typrelid
                                    where t.oid = ${objid})
  end`;

export async function readCatalog(client: pg.ClientBase, schemas: string[]): Promise<Catalog> {
  await client.query(`select set_config('search_path', 'public', false)`);
  const q = async <T extends pg.QueryResultRow>(sql: string) => (await client.query<T>(sql, sql.includes('$1') ? [schemas] : [])).rows;

  // Every plain dependency of a relation's parts, policies, triggers and functions on a function, relation or type.
  const deps = await q<{ classid: string; objid: number; owner: number; ref: string | null }>(`
    select d.classid::regclass::text as classid, d.objid,
           case d.classid when 'pg_attrdef'::regclass then (select adrelid from pg_attrdef where oid = d.objid)
                          when 'pg_constraint'::regclass then (select conrelid from pg_constraint where oid = d.objid)
                          else d.objid end as owner,
           ${OBJECT_KEY('d.refclassid', 'd.refobjid')} as ref
      from pg_depend d
     where d.deptype = 'n' and d.refclassid in ('pg_proc'::regclass, 'pg_class'::regclass, 'pg_type'::regclass)
       and d.classid in ('pg_class'::regclass, 'pg_attrdef'::regclass, 'pg_constraint'::regclass, 'pg_policy'::regclass,
                         'pg_trigger'::regclass, 'pg_rewrite'::regclass, 'pg_proc'::regclass)`);
  const dependsOn = (classid: string, objid: number, self?: string) =>
    [...new Set(deps.filter((d) => d.classid === classid && d.objid === objid && d.ref !== null && d.ref !== self).map((d) => d.ref!))];

  const schemaObjects = await q<SchemaObject>(`
    select n.nspname as name, pg_get_userbyid(n.nspowner) as owner, obj_description(n.oid, 'pg_namespace') as comment,
           ${ACL('n.nspacl')} as acl
      from pg_namespace n where ${APP_SCHEMA} order by n.nspname`);

  const relations = await q<{ oid: number; key: string; schema: string; name: string; relkind: string; owner: string; rls: boolean;
    force_rls: boolean; options: string[] | null; comment: string | null; acl: Acl; view: string | null }>(`
    select c.oid, n.nspname || '.' || c.relname as key, quote_ident(n.nspname) as schema, quote_ident(c.relname) as name, c.relkind,
           pg_get_userbyid(c.relowner) as owner, c.relrowsecurity as rls, c.relforcerowsecurity as force_rls, c.reloptions as options,
           obj_description(c.oid, 'pg_class') as comment, ${ACL('c.relacl')} as acl,
           case when c.relkind = 'v' then pg_get_viewdef(c.oid, true) end as view
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where ${APP_SCHEMA} and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f') and ${NOT_FROM_EXTENSION('pg_class', 'c.oid')}
     order by 2`);

  const columns = await q<Column & { rel: number }>(`
    select a.attrelid as rel, quote_ident(a.attname) as name, format_type(a.atttypid, a.atttypmod) as type,
           case when a.attcollation <> t.typcollation then a.attcollation::regcollation::text end as collation,
           (select quote_ident(k.conname) from pg_constraint k where k.conrelid = a.attrelid and k.contype = 'n' and k.conkey[1] = a.attnum) as "notNull",
           a.attidentity as identity, a.attgenerated as generated, pg_get_expr(d.adbin, d.adrelid) as expression,
           a.attstattarget as statistics, case when a.attstorage <> t.typstorage then a.attstorage::text end as storage,
           col_description(a.attrelid, a.attnum) as comment, coalesce(${ACL('a.attacl')}, '[]') as acl
      from pg_attribute a join pg_type t on t.oid = a.atttypid
      left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
     where a.attrelid in (select c.oid from pg_class c join pg_namespace n on n.oid = c.relnamespace where ${APP_SCHEMA})
       and a.attnum > 0 and not a.attisdropped
     order by a.attrelid, a.attnum`);

  const constraints = await q<Omit<Constraint, 'dependsOn'> & { oid: number; rel: number }>(`
    select k.oid, k.conrelid as rel, quote_ident(k.conname) as name, k.contype as type, pg_get_constraintdef(k.oid) as definition,
           coalesce((select array_agg(quote_ident(a.attname) order by x.n) from unnest(k.conkey) with ordinality x(attnum, n)
                       join pg_attribute a on a.attrelid = k.conrelid and a.attnum = x.attnum), '{}') as columns,
           case when k.contype = 'f' then (select rn.nspname || '.' || r.relname from pg_class r join pg_namespace rn on rn.oid = r.relnamespace
                                            where r.oid = k.confrelid) end as "references",
           obj_description(k.oid, 'pg_constraint') as comment
      from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
     where ${APP_SCHEMA}
     order by k.conrelid, k.conname`);

  // Indexes of their own (not those behind a primary key, unique or exclusion constraint).
  const indexes = await q<Omit<Index, 'dependsOn'> & { oid: number; rel: number }>(`
    select i.indexrelid as oid, i.indrelid as rel, quote_ident(x.relname) as name, pg_get_indexdef(i.indexrelid) as definition,
           obj_description(i.indexrelid, 'pg_class') as comment
      from pg_index i join pg_class x on x.oid = i.indexrelid join pg_class c on c.oid = i.indrelid
      join pg_namespace n on n.oid = c.relnamespace
     where ${APP_SCHEMA} and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid and k.contype in ('p', 'u', 'x'))
     order by x.relname`);

  const sequences = await q<Sequence & { rel: number }>(`
    select d.refobjid as rel, n.nspname || '.' || s.relname as key, pg_get_userbyid(s.relowner) as owner, ${ACL('s.relacl')} as acl
      from pg_depend d join pg_class s on s.oid = d.objid join pg_namespace n on n.oid = s.relnamespace
     where d.classid = 'pg_class'::regclass and d.refclassid = 'pg_class'::regclass and d.deptype = 'i' and s.relkind = 'S'
       and ${APP_SCHEMA}`);

  const tables = new Map<string, Table>();
  const views = new Map<string, View>();
  const unsupported: string[] = [];
  const identitySequences = new Set(sequences.map((s) => s.key));
  for (const r of relations) {
    if (r.relkind === 'r') {
      tables.set(r.key, {
        key: r.key, schema: r.schema, name: r.name, owner: r.owner, rls: r.rls, forceRls: r.force_rls, comment: r.comment, acl: r.acl,
        columns: columns.filter((c) => c.rel === r.oid),
        // A NOT NULL constraint is written with its column.
        constraints: constraints.filter((k) => k.rel === r.oid && k.type !== 'n')
          .map((k) => ({ ...k, dependsOn: dependsOn('pg_constraint', k.oid, r.key) })),
        indexes: indexes.filter((i) => i.rel === r.oid).map((i) => ({ ...i, dependsOn: dependsOn('pg_class', i.oid, r.key) })),
        sequences: sequences.filter((s) => s.rel === r.oid),
        dependsOn: [...new Set(deps.filter((d) => d.classid === 'pg_attrdef' && d.owner === r.oid && d.ref !== null && d.ref !== r.key)
          .map((d) => d.ref!))],
      });
    } else if (r.relkind === 'v') {
      const rule = await q<{ oid: number }>(`select oid from pg_rewrite where ev_class = ${r.oid} and rulename = '_RETURN'`);
      views.set(r.key, {
        key: r.key, owner: r.owner, definition: r.view!, options: r.options ?? [], comment: r.comment, acl: r.acl,
        columnComments: columns.filter((c) => c.rel === r.oid && c.comment !== null).map((c) => ({ column: c.name, comment: c.comment! })),
        dependsOn: dependsOn('pg_rewrite', rule[0].oid, r.key),
      });
    } else if (!(r.relkind === 'S' && identitySequences.has(r.key))) {
      unsupported.push(`${r.key} (relkind ${r.relkind})`);
    }
  }

  const routines = (await q<Omit<Routine, 'dependsOn' | 'header' | 'body'> & { oid: number; kind: string; definition: string | null;
    prosrc: string; atomic: boolean }>(`
    select p.oid, n.nspname || '.' || p.proname as key, p.prokind as kind,
           quote_ident(n.nspname) || '.' || quote_ident(p.proname) || '(' || pg_get_function_identity_arguments(p.oid) || ')' as signature,
           pg_get_userbyid(p.proowner) as owner,
           case when p.prokind in ('f', 'p') then pg_get_functiondef(p.oid) end as definition, p.prosrc, p.prosqlbody is not null as atomic,
           obj_description(p.oid, 'pg_proc') as comment, ${ACL('p.proacl')} as acl
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where ${APP_SCHEMA} and ${NOT_FROM_EXTENSION('pg_proc', 'p.oid')}
     order by 2, 4`)).flatMap((p) => {
    if (p.definition === null) {
      unsupported.push(`${p.key} (prokind ${p.kind})`);
      return [];
    }
    const bodyAt = p.definition.search(/^AS \$function\$/m);
    return [{
      key: p.key, signature: p.signature, owner: p.owner, comment: p.comment, acl: p.acl,
      header: p.atomic ? p.definition.trimEnd() : p.definition.slice(0, bodyAt).trimEnd(),
      body: p.atomic ? null : p.prosrc,
      dependsOn: dependsOn('pg_proc', p.oid, p.key),
    }];
  });

  const triggers = (await q<Omit<Trigger, 'dependsOn'> & { oid: number; rel: number }>(`
    select t.oid, t.tgrelid as rel, n.nspname || '.' || c.relname as table, quote_ident(t.tgname) as name,
           pg_get_triggerdef(t.oid, true) as definition, t.tgenabled as enabled, obj_description(t.oid, 'pg_trigger') as comment
      from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
     where ${APP_SCHEMA} and not t.tgisinternal
     order by 3, t.tgname`)).map((t) => ({ ...t, dependsOn: dependsOn('pg_trigger', t.oid, t.table) }));

  const policies = (await q<Omit<Policy, 'dependsOn'> & { oid: number }>(`
    select p.oid, n.nspname || '.' || c.relname as table, quote_ident(p.polname) as name, p.polpermissive as permissive,
           case p.polcmd when 'r' then 'select' when 'a' then 'insert' when 'w' then 'update' when 'd' then 'delete' else 'all' end as command,
           array(select case when r = 0 then 'public' else quote_ident(pg_get_userbyid(r)) end from unnest(p.polroles) r order by 1) as roles,
           pg_get_expr(p.polqual, p.polrelid) as using, pg_get_expr(p.polwithcheck, p.polrelid) as check,
           obj_description(p.oid, 'pg_policy') as comment
      from pg_policy p join pg_class c on c.oid = p.polrelid join pg_namespace n on n.oid = c.relnamespace
     where ${APP_SCHEMA}
     order by 2, p.polname`)).map((p) => ({ ...p, dependsOn: dependsOn('pg_policy', p.oid, p.table) }));

  for (const t of await q<{ name: string }>(`
      select n.nspname || '.' || t.typname as name from pg_type t join pg_namespace n on n.oid = t.typnamespace
       left join pg_class c on c.oid = t.typrelid
       where ${APP_SCHEMA} and ${NOT_FROM_EXTENSION('pg_type', 't.oid')}
         and (t.typtype in ('e', 'd', 'r', 'm') or (t.typtype = 'c' and c.relkind = 'c'))`)) {
    unsupported.push(`${t.name} (a type)`);
  }

  return { schemas: schemaObjects, tables, views, routines, triggers, policies, unsupported };
}
