// The layers of the code, as a reader finds them (docs/architecture.md, decision 030):
// platform/ (database, job queue, configuration, logging, auth, mail transport, Graph)
// imports no concept; domain/'s concept folders import one another without cycles,
// type imports included, and the shared kernel (domain/schemas, domain/*.ts) imports no
// concept; no two modules of ours load each other at run time, however indirectly.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { allImports, ImportResolver, valueImports } from '#tests/support/import-graph.ts';

const root = path.resolve(import.meta.dirname, '../..');
const resolver = new ImportResolver({ root });
const relative = (file: string) => path.relative(root, file).split(path.sep).join('/');

function sourceFiles(folder: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(path.join(root, folder))) {
    const file = `${folder}/${name}`;
    if (statSync(path.join(root, file)).isDirectory()) found.push(...sourceFiles(file));
    else if (/\.tsx?$/.test(name)) found.push(file);
  }
  return found;
}

/** Our own files `file` imports: with type imports (`all`) or only what loads at run time. */
function importsOf(file: string, all: boolean): string[] {
  const absolute = path.join(root, file);
  const source = readFileSync(absolute, 'utf8');
  return (all ? allImports : valueImports)(absolute, source)
    .map((specifier) => resolver.resolve(specifier, absolute))
    .filter((resolved): resolved is string => typeof resolved === 'string')
    .map(relative);
}

/** domain/<concept>/… → the concept; domain/schemas, domain/i18n (the texts) and domain/*.ts → 'kernel'. */
function conceptOf(file: string): string | null {
  const parts = file.split('/');
  if (parts[0] !== 'domain') return null;
  if (parts.length === 2 || parts[1] === 'schemas' || parts[1] === 'i18n') return 'kernel';
  return parts[1];
}

/** The cycles of a directed graph, each once, as node lists (Tarjan's strongly connected components). */
function cycles(graph: Map<string, Set<string>>): string[][] {
  let index = 0;
  const indexes = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    indexes.set(node, index);
    low.set(node, index++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indexes.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, indexes.get(next)!));
      }
    }
    if (low.get(node) === indexes.get(node)) {
      const component: string[] = [];
      for (let member = stack.pop()!; ; member = stack.pop()!) {
        onStack.delete(member);
        component.push(member);
        if (member === node) break;
      }
      if (component.length > 1 || graph.get(node)?.has(node)) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!indexes.has(node)) visit(node);
  return found;
}

describe('layers', () => {
  const domainFiles = sourceFiles('domain');
  const platformFiles = sourceFiles('platform');

  it('platform/ imports nothing of the concepts, the entry points or the site', () => {
    const problems = platformFiles.flatMap((file) => importsOf(file, true)
      .filter((target) => !target.startsWith('platform/'))
      .map((target) => `${file} imports ${target}`));
    expect(problems).toEqual([]);
  });

  it('the shared kernel imports no concept', () => {
    const problems = domainFiles.filter((file) => conceptOf(file) === 'kernel').flatMap((file) => importsOf(file, true)
      .filter((target) => conceptOf(target) !== null && conceptOf(target) !== 'kernel')
      .map((target) => `${file} imports ${target}`));
    expect(problems).toEqual([]);
  });

  it('the concept folders import one another without cycles (type imports included)', () => {
    const graph = new Map<string, Set<string>>();
    const why = new Map<string, string>();
    for (const file of domainFiles) {
      const from = conceptOf(file)!;
      for (const target of importsOf(file, true)) {
        const to = conceptOf(target);
        if (to === null || to === from) continue;
        if (!graph.has(from)) graph.set(from, new Set());
        graph.get(from)!.add(to);
        why.set(`${from}→${to}`, `${file} → ${target}`);
      }
    }
    expect(graph.size).toBeGreaterThan(10);
    const found = cycles(graph).map((members) => members.join(' ↔ ') + ': ' + members.flatMap((a) => members
      .filter((b) => why.has(`${a}→${b}`)).map((b) => why.get(`${a}→${b}`))).join('; '));
    expect(found).toEqual([]);
  });

  it('no module of domain/ or platform/ loads itself at run time through others', () => {
    const graph = new Map<string, Set<string>>();
    for (const file of [...domainFiles, ...platformFiles]) graph.set(file, new Set(importsOf(file, false)));
    expect(cycles(graph)).toEqual([]);
  });
});
