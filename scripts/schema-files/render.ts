// Writes the catalog out as supabase/schemas/<concept>.sql (decision 031). Each file:
// what it holds, then its tables (with their constraints, indexes and comments), views,
// functions, triggers, and last row-level security, privileges and policies. Where a
// statement goes when it needs a later file is placement.ts's business.
import type { Acl, Catalog, Constraint, Index, Policy, Routine, Table, Trigger, View } from './catalog.ts';
import type { ConceptFile } from './concepts.ts';
import { partKey, place, type Placement } from './placement.ts';
import { comment, commentText, identifier, lowerKeywords, printedName, qualified, readable, unquoted, wrap } from './sql-text.ts';

const ABOUT_THESE_FILES = `The current schema, not its history: supabase/migrations/ is what databases apply. A change
is a new migration plus the same change here (by hand, or npm run schema:files);
tests/db/declarative-schema.test.ts fails until both make the same schema (decision 031).`;

/** The API roles: an object whose privileges are set names each one that may not use it (see privileges()). */
const API_ROLES = ['anon', 'authenticated', 'service_role'];
const ALL_PRIVILEGES: Record<string, string[]> = {
  table: ['select', 'insert', 'update', 'delete', 'truncate', 'references', 'trigger', 'maintain'],
  sequence: ['usage', 'select', 'update'],
  function: ['execute'],
  schema: ['usage', 'create'],
};

export function renderFiles(catalog: Catalog, files: ConceptFile[]): Map<string, string> {
  const placement = place(catalog, files);
  return new Map(files.map((file, at) => [file.file, renderFile(catalog, files, placement, at)]));
}

function renderFile(catalog: Catalog, files: ConceptFile[], placement: Placement, at: number): string {
  const file = files[at];
  const tableOrder = files.flatMap((f) => f.tables ?? []);
  const routines = (keys: string[]) => keys.flatMap((key) => catalog.routines.filter((r) => r.key === key));
  const tables = (file.tables ?? []).map((key) => catalog.tables.get(key)!);
  const views = (file.views ?? []).map((key) => catalog.views.get(key)!);
  const fileName = (key: string) => files[placement.home.get(key)!].file;
  const onEarlierTables = placement.onEarlierTables[at].map(({ table, constraint, index }) => constraint
    ? addConstraint(table, table.constraints.find((c) => c.name === constraint)!)
    : indexSql(table, table.indexes.find((i) => i.name === index)!));

  const sections: [string, string[]][] = [
    ['schemas', (file.schemas ?? []).map((name) => schemaSql(catalog, name))],
    ['functions that the tables and indexes below use',
      routines((file.functions ?? []).filter((key) => placement.beforeTables.has(key))).map(routineSql)],
    ['tables', [
      ...tables.map((table) => [
        tableSql(table, placement, fileName),
        ...(placement.afterTable.get(table.key) ?? []).map(([from, name]) => addConstraint(from, from.constraints.find((c) => c.name === name)!)),
      ].join('\n\n')),
      ...(onEarlierTables.length ? [`-- On tables of earlier files, needing what this file defines\n${onEarlierTables.join('\n')}`] : []),
    ]],
    ['views', views.map(viewSql)],
    ['functions', routines((file.functions ?? []).filter((key) => !placement.beforeTables.has(key))).map(routineSql)],
    ['triggers', placement.triggers[at]
      .sort((a, b) => tableOrder.indexOf(a.table) - tableOrder.indexOf(b.table) || a.name.localeCompare(b.name))
      .map(triggerSql)],
    ['row-level security, privileges and policies', [
      ...tables.map((table) => [...accessSql(table), ...placement.policies[at].filter((p) => p.table === table.key).map(policySql)].join('\n')),
      ...views.map((view) => privileges('table', qualified(view.key), view.owner, view.acl).join('\n')),
      ...placement.policies[at].filter((p) => !tables.some((t) => t.key === p.table)).map(policySql),
    ].filter((block) => block !== '')],
  ];
  return `${[
    comment(`${file.about}\n\n${ABOUT_THESE_FILES}`),
    ...(file.handWritten ? [file.handWritten.sql] : []),
    ...sections.filter(([, blocks]) => blocks.length > 0).map(([title, blocks]) => `-- ${'-'.repeat(64)} ${title}\n\n${blocks.join('\n\n')}`),
    ...(file.handWrittenAfter ? [file.handWrittenAfter] : []),
  ].join('\n\n')}\n`;
}

function schemaSql(catalog: Catalog, name: string): string {
  const schema = catalog.schemas.find((s) => s.name === name)!;
  return [
    `create schema ${identifier(name)};`,
    ...privileges('schema', identifier(name), schema.owner, schema.acl),
    ...(schema.comment ? [`comment on schema ${identifier(name)} is${commentText(schema.comment)};`] : []),
  ].join('\n');
}

/** A constraint as PostgreSQL prints it, lower case, a check as it would be written, a foreign key naming the schema. */
function constraintText(constraint: Constraint): string {
  const check = /^CHECK \((.*)\)$/s.exec(constraint.definition);
  if (check) return `check (${readable(check[1])})`;
  const definition = lowerKeywords(constraint.definition);
  if (!constraint.references) return definition;
  return definition.replace(/references (.+?)\(/, `references ${qualified(constraint.references)} (`);
}

function addConstraint(table: Table, constraint: Constraint): string {
  return `alter table ${qualified(table.key)} add constraint ${constraint.name}\n  ${constraintText(constraint)};`;
}

/**
 * What of a constraint is written on its column (primary key, unique, check, references), or
 * null: only for one column, and when its name is the one PostgreSQL gives it there.
 */
function onColumn(table: Table, constraint: Constraint): string | null {
  if (constraint.columns.length !== 1) return null;
  const name = unquoted(constraint.name);
  const base = `${unquoted(table.name)}_${unquoted(constraint.columns[0])}`;
  const definition = constraintText(constraint);
  if (constraint.type === 'p' && name === `${unquoted(table.name)}_pkey`) return 'primary key';
  if (constraint.type === 'u' && name === `${base}_key` && /^unique \([^,]+\)$/.test(definition)) return 'unique';
  if (constraint.type === 'c' && name === `${base}_check`) return definition;
  if (constraint.type === 'f' && name === `${base}_fkey`) return definition.replace(/^foreign key \([^)]*\) /, '');
  return null;
}

/** Constraints on a column in the order a reader expects: primary key, unique, check, references. */
const ON_COLUMN_ORDER = ['primary key', 'unique', 'check', 'references'];
const onColumnOrder = (text: string) => ON_COLUMN_ORDER.findIndex((start) => text.startsWith(start));

function columnSql(table: Table, column: Table['columns'][number], onItsColumn: string[]): string {
  const parts = [column.name, column.type];
  if (column.collation) parts.push(`collate ${column.collation}`);
  if (column.identity) parts.push(`generated ${column.identity === 'a' ? 'always' : 'by default'} as identity`);
  else if (column.generated) parts.push(`generated always as (${lowerKeywords(column.expression!)}) ${column.generated === 's' ? 'stored' : 'virtual'}`);
  else if (column.expression !== null) parts.push(`default ${lowerKeywords(column.expression)}`);
  if (column.notNull && unquoted(column.notNull) !== `${unquoted(table.name)}_${unquoted(column.name)}_not_null`) {
    parts.push(`constraint ${column.notNull} not null`);
  } else if (column.notNull && !column.identity && !onItsColumn.includes('primary key')) {
    parts.push('not null'); // (an identity or primary key column is not null anyway, under the same name)
  }
  parts.push(...onItsColumn.sort((a, b) => onColumnOrder(a) - onColumnOrder(b)));
  return wrap(parts.join(' '), '    ', 110);
}

function tableSql(table: Table, placement: Placement, fileName: (key: string) => string): string {
  const name = qualified(table.key);
  const inline = table.constraints.filter((c) => placement.inline.has(partKey(table, c.name)));
  const onColumns = new Map<string, string[]>();
  const tableLevel: Constraint[] = [];
  for (const constraint of inline) {
    const onItsColumn = onColumn(table, constraint);
    if (onItsColumn === null) tableLevel.push(constraint);
    else onColumns.set(constraint.columns[0], [...(onColumns.get(constraint.columns[0]) ?? []), onItsColumn]);
  }
  const lines = table.columns.map((column) => {
    // A foreign key to a table of a later file is added there: say so beside the column.
    const later = table.constraints.find((c) => c.type === 'f' && !inline.includes(c) && c.columns[0] === column.name);
    const note = later ? ` -- references ${qualified(later.references!)} (${fileName(later.references!)})` : '';
    return { line: columnSql(table, column, onColumns.get(column.name) ?? []), note };
  });
  const order = 'pucfxt';
  for (const constraint of tableLevel.sort((a, b) => order.indexOf(a.type) - order.indexOf(b.type))) {
    lines.push({ line: `constraint ${constraint.name} ${constraintText(constraint)}`, note: '' });
  }
  const body = lines.map(({ line, note }, at) => `  ${line}${at < lines.length - 1 ? ',' : ''}${note}`).join('\n');

  const statements = [`create table ${name} (\n${body}\n);`];
  for (const column of table.columns) {
    if (column.statistics !== null) statements.push(`alter table ${name} alter column ${column.name} set statistics ${column.statistics};`);
    if (column.storage !== null) {
      const storage = { p: 'plain', e: 'external', m: 'main', x: 'extended' }[column.storage];
      statements.push(`alter table ${name} alter column ${column.name} set storage ${storage};`);
    }
  }
  const moved = new Set(placement.onEarlierTables.flat().filter((m) => m.table === table && m.index).map((m) => m.index));
  statements.push(...table.indexes.filter((i) => !moved.has(i.name)).map((index) => indexSql(table, index)));
  if (table.comment) statements.push(`comment on table ${name} is${commentText(table.comment)};`);
  for (const column of table.columns) {
    if (column.comment) statements.push(`comment on column ${name}.${column.name} is${commentText(column.comment)};`);
  }
  return statements.join('\n');
}

function indexSql(table: Table, index: Index): string {
  const definition = index.definition
    .replace(` ON ${printedName(table.key)} USING `, ` ON ${qualified(table.key)} USING `)
    .replace(/^(CREATE (UNIQUE )?INDEX \S+ ON \S+) USING btree /, '$1 ');
  const statement = `${lowerKeywords(definition)};`;
  if (!index.comment) return statement;
  return `${statement}\ncomment on index ${qualified(`${table.key.split('.')[0]}.${unquoted(index.name)}`)} is${commentText(index.comment)};`;
}

function viewSql(view: View): string {
  const options = view.options.length ? ` with (${view.options.map((o) => o.replace('=', ' = ')).join(', ')})` : '';
  return [
    `create view ${qualified(view.key)}${options} as\n${lowerKeywords(view.definition).replace(/;$/, '')};`,
    ...(view.comment ? [`comment on view ${qualified(view.key)} is${commentText(view.comment)};`] : []),
    ...view.columnComments.map((c) => `comment on column ${qualified(view.key)}.${c.column} is${commentText(c.comment)};`),
  ].join('\n');
}

/** PostgreSQL's own header of the function, lower case, and its body exactly as written. */
function routineSql(routine: Routine): string {
  const signature = lowerKeywords(routine.signature);
  const header = lowerKeywords(routine.header).replace(/\n /g, '\n  ');
  const tag = routine.body?.includes('$$') ? '$function$' : '$$';
  return [
    routine.body === null ? `${header};` : `${header}\nas ${tag}${routine.body}${tag};`,
    ...privileges('function', signature, routine.owner, routine.acl),
    ...(routine.comment ? [`comment on function ${signature} is${commentText(routine.comment)};`] : []),
  ].join('\n');
}

function triggerSql(trigger: Trigger): string {
  const definition = trigger.definition
    .replace(` ON ${printedName(trigger.table)} `, ` ON ${qualified(trigger.table)} `)
    .replace(/ (REFERENCING|FOR EACH) /g, '\n  $1 ')
    .replace(/ (WHEN \(.*) (EXECUTE FUNCTION .*)$/s, '\n  $1\n  $2');
  const lines = [`${lowerKeywords(definition)};`];
  if (trigger.enabled !== 'O') {
    const how = { D: 'disable', R: 'enable replica', A: 'enable always' }[trigger.enabled];
    lines.push(`alter table ${qualified(trigger.table)} ${how} trigger ${trigger.name};`);
  }
  if (trigger.comment) lines.push(`comment on trigger ${trigger.name} on ${qualified(trigger.table)} is${commentText(trigger.comment)};`);
  return lines.join('\n');
}

function policySql(policy: Policy): string {
  const lines = [`create policy ${policy.name} on ${qualified(policy.table)}${policy.permissive ? '' : ' as restrictive'}`
    + ` for ${policy.command} to ${policy.roles.join(', ')}`];
  if (policy.using !== null) lines.push(`  using (${readable(policy.using)})`);
  if (policy.check !== null) lines.push(`  with check (${readable(policy.check)})`);
  const statement = `${lines.join('\n')};`;
  if (!policy.comment) return statement;
  return `${statement}\ncomment on policy ${policy.name} on ${qualified(policy.table)} is${commentText(policy.comment)};`;
}

/** Row-level security and the privileges of a table, its columns and its identity sequences. */
function accessSql(table: Table): string[] {
  const name = qualified(table.key);
  const lines: string[] = [];
  if (table.rls) lines.push(`alter table ${name} enable row level security;`);
  if (table.forceRls) lines.push(`alter table ${name} force row level security;`);
  lines.push(...privileges('table', name, table.owner, table.acl));
  // Column privileges, grantees with the same ones together: grant insert (a, b), update (c) on t to x, y.
  const byGrantee = new Map<string, Map<string, string[]>>();
  for (const column of table.columns) {
    for (const p of column.acl) {
      const columns = byGrantee.get(p.grantee) ?? new Map<string, string[]>();
      columns.set(p.privilege, [...(columns.get(p.privilege) ?? []), column.name]);
      byGrantee.set(p.grantee, columns);
    }
  }
  const grants = new Map<string, string[]>();
  for (const [grantee, columns] of byGrantee) {
    const what = ALL_PRIVILEGES.table.filter((p) => columns.has(p)).map((p) => wrap(`${p} (${columns.get(p)!.join(', ')})`, '    ')).join(',\n  ');
    grants.set(what, [...(grants.get(what) ?? []), identifier(grantee)]);
  }
  for (const [what, grantees] of grants) lines.push(`grant ${what}\n  on ${name} to ${grantees.join(', ')};`);
  for (const sequence of table.sequences) lines.push(...privileges('sequence', qualified(sequence.key), sequence.owner, sequence.acl));
  return lines;
}

/**
 * The GRANT and REVOKE statements that give `acl`, starting from PostgreSQL's defaults. An
 * object whose privileges were never set gets none. One whose privileges were set first
 * revokes everything from each API role, then grants what each holds: on a Supabase project
 * default privileges would give every API role everything (decision 031).
 */
function privileges(kind: 'table' | 'sequence' | 'function' | 'schema', name: string, owner: string, acl: Acl): string[] {
  if (acl === null) return [];
  const byGrantee = new Map<string, string[]>();
  for (const p of acl.filter((p) => p.grantee !== owner)) {
    byGrantee.set(p.grantee, [...(byGrantee.get(p.grantee) ?? []), p.grantable ? `${p.privilege} with grant option` : p.privilege]);
  }
  const object = kind === 'table' ? name : `${kind} ${name}`;
  // A function PUBLIC may execute: everyone may, nothing to revoke, nor to grant (PostgreSQL's default).
  const everyone = kind === 'function' && byGrantee.delete('public');
  const unlisted = everyone ? [] : [...(kind === 'function' ? ['public'] : []), ...API_ROLES];
  const lines = unlisted.length ? [`revoke all on ${object} from ${unlisted.join(', ')};`] : [];
  const grants = new Map<string, string[]>();
  for (const [grantee, list] of byGrantee) {
    const plain = ALL_PRIVILEGES[kind].filter((p) => list.includes(p));
    const what = kind === 'table' && plain.length === ALL_PRIVILEGES.table.length ? 'all' : plain.join(', ');
    if (what) grants.set(what, [...(grants.get(what) ?? []), identifier(grantee)]);
    const withOption = ALL_PRIVILEGES[kind].filter((p) => list.includes(`${p} with grant option`));
    if (withOption.length) lines.push(`grant ${withOption.join(', ')} on ${object} to ${identifier(grantee)} with grant option;`);
  }
  for (const [what, grantees] of grants) lines.push(`grant ${what} on ${object} to ${grantees.join(', ')};`);
  return lines;
}
