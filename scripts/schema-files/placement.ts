// Which file each statement goes in. The files apply in their order, so a statement
// goes in the file of its object unless it needs an object of a later file: a foreign
// key to a table defined later, an index or trigger whose function is defined later, a
// policy that calls one. Such a statement is written in that later file instead.
import type { Catalog, Policy, Table, Trigger } from './catalog.ts';
import type { ConceptFile } from './concepts.ts';

export interface Placement {
  /** The file (index into the concept files) of each table, view and function. */
  home: Map<string, number>;
  /** Constraints written inside their table's create table (the others are added with alter table). */
  inline: Set<string>;
  /** Foreign keys added right after the table they reference: referenced table → [table, constraint]. */
  afterTable: Map<string, [Table, string][]>;
  /** Per file, constraints and indexes of tables of earlier files that need this file's objects. */
  onEarlierTables: { table: Table; constraint?: string; index?: string }[][];
  triggers: Trigger[][];
  policies: Policy[][];
  /** Functions written before the tables of their file, because a column, index or constraint there uses them. */
  beforeTables: Set<string>;
}

/** `table.constraint` or `table.index`: names are unique per table (constraints) or schema (indexes). */
export const partKey = (table: Table, name: string) => `${table.key}.${name}`;

export function place(catalog: Catalog, files: ConceptFile[]): Placement {
  const home = homes(catalog, files);
  const fileOf = (base: number, keys: string[]) => Math.max(base, ...keys.map((key) => home.get(key) ?? 0));
  const tableOrder = files.flatMap((f) => f.tables ?? []);
  const placement: Placement = {
    home, inline: new Set(), afterTable: new Map(), beforeTables: new Set(),
    onEarlierTables: files.map(() => []), triggers: files.map(() => []), policies: files.map(() => []),
  };
  const usedBefore = (keys: string[], file: number) => {
    for (const key of keys) if (home.get(key) === file) placement.beforeTables.add(key);
  };

  for (const table of catalog.tables.values()) {
    const own = home.get(table.key)!;
    for (const dep of table.dependsOn) {
      if ((home.get(dep) ?? 0) > own) {
        throw new Error(`${table.key} uses ${dep}, which comes later (${files[home.get(dep)!].file}): move one of them`);
      }
    }
    usedBefore(table.dependsOn, own);
    for (const constraint of table.constraints) {
      const target = fileOf(own, [...constraint.dependsOn, ...(constraint.references ? [constraint.references] : [])]);
      const referencesLater = constraint.references !== null && constraint.references !== table.key
        && tableOrder.indexOf(constraint.references) > tableOrder.indexOf(table.key);
      usedBefore(constraint.dependsOn, target);
      if (target === own && !referencesLater) {
        placement.inline.add(partKey(table, constraint.name));
      } else if (referencesLater && fileOf(0, [constraint.references!]) === target) {
        const list = placement.afterTable.get(constraint.references!) ?? [];
        placement.afterTable.set(constraint.references!, [...list, [table, constraint.name]]);
      } else {
        placement.onEarlierTables[target].push({ table, constraint: constraint.name });
      }
    }
    for (const index of table.indexes) {
      const target = fileOf(own, index.dependsOn);
      usedBefore(index.dependsOn, target);
      if (target !== own) placement.onEarlierTables[target].push({ table, index: index.name });
    }
  }
  for (const view of catalog.views.values()) {
    usedBefore(view.dependsOn.filter((key) => catalog.routines.some((r) => r.key === key)), home.get(view.key)!);
  }
  for (const trigger of catalog.triggers) placement.triggers[fileOf(home.get(trigger.table)!, trigger.dependsOn)].push(trigger);
  for (const policy of catalog.policies) placement.policies[fileOf(home.get(policy.table)!, policy.dependsOn)].push(policy);
  return placement;
}

/** The file of each table, view and function: every one must have exactly one. */
function homes(catalog: Catalog, files: ConceptFile[]): Map<string, number> {
  const home = new Map<string, number>();
  const handWritten = files.flatMap((f) => f.handWritten?.objects ?? []);
  files.forEach((file, at) => {
    for (const key of [...file.tables ?? [], ...file.views ?? [], ...file.functions ?? [], ...file.handWritten?.objects ?? []]) {
      if (home.has(key)) throw new Error(`${key} is named by ${files[home.get(key)!].file} and ${file.file}`);
      home.set(key, at);
    }
  });
  const known = [...catalog.tables.keys(), ...catalog.views.keys(), ...catalog.routines.map((r) => r.key)];
  const problems = [
    ...[...new Set(known.filter((key) => !home.has(key)))]
      .map((key) => `${key} is in no file: add it to scripts/schema-files/concepts.ts where a reader would look for it`),
    ...[...home.keys()].filter((key) => !known.includes(key) && !handWritten.includes(key))
      .map((key) => `${key} is named in scripts/schema-files/concepts.ts, but no migration makes it`),
    ...catalog.schemas.filter((schema) => schema.name !== 'public' && !handWritten.includes(schema.name)
      && !files.some((f) => f.schemas?.includes(schema.name)))
      .map((schema) => `schema ${schema.name} is in no file: add it to the schemas of a file in scripts/schema-files/concepts.ts`),
    ...catalog.unsupported.filter((name) => !handWritten.some((key) => name.startsWith(key)))
      .map((name) => `${name} is a kind of object this script does not write: write it by hand (handWritten in concepts.ts)`),
  ];
  if (problems.length) throw new Error(problems.join('\n'));
  return home;
}
