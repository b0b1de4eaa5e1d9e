// The value-import graph of our own source files, as the bundler sees it: relative and
// `#...` (package.json "imports") specifiers are followed; `import type` / `export type`
// are erased and so not followed. `import { type A } from 'x'` still loads 'x' (under
// verbatimModuleSyntax it becomes `import {} from 'x'`), so it counts as a value import.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const PARSED = /\.(ts|tsx|mts|js|jsx|mjs)$/;

/** Every module specifier a file names, type-only imports included (what a reader follows). */
export function allImports(fileName: string, source: string): string[] {
  const kind = fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sourceFile = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false, kind);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteralLike(argument)) found.push(argument.text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push(node.argument.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

/** The module specifiers a file loads at run time (static imports, re-exports, `import()`). */
export function valueImports(fileName: string, source: string): string[] {
  const kind = fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sourceFile = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false, kind);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) {
      if (!node.importClause?.isTypeOnly && ts.isStringLiteral(node.moduleSpecifier)) found.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node)) {
      if (!node.isTypeOnly && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) found.push(node.moduleSpecifier.text);
    } else if (ts.isImportEqualsDeclaration(node)) {
      const reference = node.moduleReference;
      if (!node.isTypeOnly && ts.isExternalModuleReference(reference) && ts.isStringLiteral(reference.expression)) {
        found.push(reference.expression.text);
      }
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteralLike(argument)) found.push(argument.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

export interface ImportGraphOptions {
  /** The repository root: package.json "imports" and relative paths are resolved from it. */
  root: string;
}

export class ImportResolver {
  private readonly root: string;
  private readonly aliases: Array<[string, string]>;

  constructor({ root }: ImportGraphOptions) {
    this.root = root;
    const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { imports?: Record<string, string> };
    this.aliases = Object.entries(manifest.imports ?? {});
  }

  /** An absolute path for one of our own files, `null` for a package (bare specifier), `undefined` when not found. */
  resolve(specifier: string, fromFile: string): string | null | undefined {
    // Vite's `?raw` / `?url` suffixes name the same file.
    const bare = specifier.replace(/\?.*$/, '');
    let target: string | undefined;
    if (bare.startsWith('.')) {
      target = path.resolve(path.dirname(fromFile), bare);
    } else if (bare.startsWith('#')) {
      target = this.alias(bare);
      if (target === undefined) return undefined;
    } else {
      return null;
    }
    for (const candidate of [target, ...['.ts', '.tsx', '.js', '/index.ts', '/index.tsx'].map((ext) => target + ext)]) {
      if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
    }
    return undefined;
  }

  private alias(specifier: string): string | undefined {
    for (const [key, value] of this.aliases) {
      const star = key.indexOf('*');
      if (star === -1) {
        if (key === specifier) return path.resolve(this.root, value);
      } else if (specifier.startsWith(key.slice(0, star)) && specifier.endsWith(key.slice(star + 1))) {
        const middle = specifier.slice(star, specifier.length - (key.length - star - 1));
        return path.resolve(this.root, value.replace('*', middle));
      }
    }
    return undefined;
  }
}

export interface ImportEdge {
  /** The importing file, relative to the root. */
  from: string;
  specifier: string;
  /** The imported file relative to the root, or `null` for a package. */
  to: string | null;
}

export interface ImportGraph {
  /** Every file reached, relative to the root, with the file that first reached it (`null` for the entry). */
  parents: Map<string, string | null>;
  edges: ImportEdge[];
  /** Relative or `#...` specifiers that name no file. */
  unresolved: ImportEdge[];
}

/** Walks the value imports breadth-first from `entry` (a path relative to `root`). */
export function walkImports(entry: string, options: ImportGraphOptions): ImportGraph {
  const resolver = new ImportResolver(options);
  const relative = (file: string) => path.relative(options.root, file).split(path.sep).join('/');
  const parents = new Map<string, string | null>([[entry, null]]);
  const edges: ImportEdge[] = [];
  const unresolved: ImportEdge[] = [];
  const queue = [entry];
  while (queue.length) {
    const from = queue.shift()!;
    const absolute = path.join(options.root, from);
    if (!PARSED.test(from)) continue;
    for (const specifier of valueImports(absolute, readFileSync(absolute, 'utf8'))) {
      const resolved = resolver.resolve(specifier, absolute);
      if (resolved === undefined) {
        unresolved.push({ from, specifier, to: null });
        continue;
      }
      const to = resolved === null ? null : relative(resolved);
      edges.push({ from, specifier, to });
      if (to !== null && !parents.has(to)) {
        parents.set(to, from);
        queue.push(to);
      }
    }
  }
  return { parents, edges, unresolved };
}

/** `entry → … → file`, the way the walk first reached `file`. */
export function chainTo(graph: ImportGraph, file: string): string[] {
  const chain = [file];
  for (let parent = graph.parents.get(file); parent != null; parent = graph.parents.get(parent)) chain.unshift(parent);
  return chain;
}
