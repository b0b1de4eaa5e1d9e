// A Vite plugin of the site's build (astro.config.mjs): what the /app page must load first.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Where the build writes the graph (next to dist/_headers.json); server.ts reads it. */
export const FIRST_LOAD_FILE = 'first-load.json';

/**
 * @typedef {object} FirstLoadManifest
 * @property {string[]} entries The /app island's files: its component and React's renderer (URLs).
 * @property {Record<string, string>} pages Each page module's chunk by the module's name (DashboardPage → URL).
 * @property {Record<string, string[]>} graph Every chunk's static imports (URL → URLs).
 */

/** The island's own module and the pages whose chunks /app may start on (site/app/router/pageModules.ts names them). */
const APP_ENTRY = /\/site\/app\/App\.tsx$/;
const REACT_RENDERER = /@astrojs\/react\/dist\/client\.js$|@astrojs\/react\/client\.js$/;
const REACT = /node_modules[\\/](react|react-dom|scheduler)[\\/]/;
/** Libraries that some pages use and the first load does not (decision 044). */
const OWN_CHUNKS = [
  // React and Mantine's core first: a group takes its modules' dependencies along, and every chunk imports these.
  { name: 'react', test: REACT, priority: 2 },
  { name: 'mantine', test: /node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]core[\\/]/, priority: 2 },
  { name: 'floating-ui', test: /node_modules[\\/]@floating-ui[\\/]/, priority: 1 },
  // The dashboard's cards are Papers; Paper shared a chunk with ScrollArea, which brought Floating UI.
  { name: 'paper', test: /node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]Paper[\\/]/, priority: 1 },
];
const PAGE = /\/site\/app\/pages\/(?:.*\/)?(\w+Page)\.tsx$/;

/**
 * Everything `starts` reach, themselves included, following `next`.
 * @param {(from: string) => string[]} next
 * @param {string[]} starts
 * @returns {Set<string>}
 */
function reachable(next, starts) {
  const seen = new Set();
  const queue = [...starts];
  while (queue.length) {
    const at = queue.shift();
    if (seen.has(at)) continue;
    seen.add(at);
    queue.push(...next(at));
  }
  return seen;
}

/**
 * Every file a set of entry files loads before it runs: the entries and their
 * static imports, transitively (dynamic imports wait until code asks for them).
 * `graph`: file → the files it imports statically.
 * @param {Record<string, string[]>} graph
 * @param {string[]} entries
 * @returns {string[]}
 */
export function staticClosure(graph, entries) {
  return [...reachable((file) => graph[file] ?? [], entries)];
}

/**
 * How many round trips after the HTML the browser needs before every file of
 * the closure has arrived: a file named in the HTML (a script or a preload)
 * comes on the first; any other only once a file that imports it has arrived
 * and been read.
 * @param {Record<string, string[]>} graph
 * @param {string[]} inHtml
 * @returns {number}
 */
export function roundTrips(graph, inHtml) {
  const depth = new Map(inHtml.map((file) => [file, 1]));
  const queue = [...inHtml];
  while (queue.length) {
    const file = queue.shift();
    for (const next of graph[file] ?? []) {
      if (depth.has(next)) continue;
      depth.set(next, depth.get(file) + 1);
      queue.push(next);
    }
  }
  return Math.max(0, ...depth.values());
}

/**
 * What the /app HTML preloads for a page: the island's files, the page's chunk
 * (when the path opens one) and all their static imports.
 * @param {FirstLoadManifest} manifest
 * @param {string | null} page a page module's name (site/app/router/pageModules.ts)
 * @returns {string[]}
 */
export function firstLoadFiles(manifest, page) {
  const pageChunk = page ? manifest.pages[page] : undefined;
  return staticClosure(manifest.graph, pageChunk ? [...manifest.entries, pageChunk] : manifest.entries);
}

/**
 * After the client build, writes dist/first-load.json: the static import graph of
 * every chunk, the island's entry files, and each page's chunk, so that the /app
 * page can preload all of its first-load files from the HTML (no module waterfall)
 * and the bundle bench can measure the same set.
 */
export function firstLoadManifest() {
  let outDir;
  let base = '/';
  /** The modules of the island's first load (buildEnd): its own, and those a public page's script also uses. */
  let shellModules = new Set();
  let sharedModules = new Set();
  return {
    name: 'talentloop:first-load-manifest',
    applyToEnvironment: (environment) => environment.name === 'client',
    // What the island loads before it runs, in one chunk (React apart: it is large, shared, and rarely
    // changes): left alone, the modules the pages share with it were 60 small chunks, each compressed on
    // its own (decision 053). What a public page's script shares with the island (the catalogue's engine, the code
    // texts) is a chunk of its own, so that no public page loads the shell.
    buildEnd() {
      const imports = (id) => this.getModuleInfo(id)?.importedIds ?? [];
      const ids = [...this.getModuleIds()];
      const app = reachable(imports, ids.filter((id) => APP_ENTRY.test(id)));
      const publicScripts = ids.filter((id) => this.getModuleInfo(id)?.isEntry && !APP_ENTRY.test(id) && !REACT_RENDERER.test(id));
      const elsewhere = reachable(imports, publicScripts);
      const own = [...app].filter((id) => !REACT.test(id));
      shellModules = new Set(own.filter((id) => !elsewhere.has(id)));
      sharedModules = new Set(own.filter((id) => elsewhere.has(id)));
    },
    // Libraries only some pages use get chunks of their own: merged by chance into a chunk that the first
    // load needs (Floating UI beside VisuallyHidden, which the dashboard's cards import), they rode along.
    outputOptions(options) {
      const splitting = typeof options.codeSplitting === 'object' ? options.codeSplitting : {};
      // `$initial`: only what is really loaded first (a module reached only through a library's index of
      // re-exports, such as a Mantine component no first page uses, is not).
      const firstLoad = [
        { name: 'shared', tags: ['$initial'], test: (id) => sharedModules.has(id), priority: 4 },
        { name: 'shell', tags: ['$initial'], test: (id) => shellModules.has(id), priority: 3 },
      ];
      return { ...options, codeSplitting: { ...splitting, groups: [...splitting.groups ?? [], ...firstLoad, ...OWN_CHUNKS] } };
    },
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      base = config.base ?? '/';
    },
    generateBundle(_options, bundle) {
      const url = (fileName) => `${base}${fileName}`;
      const graph = {};
      const entries = [];
      const pages = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        graph[url(chunk.fileName)] = chunk.imports.map(url);
        const id = chunk.facadeModuleId ?? '';
        if (APP_ENTRY.test(id) || REACT_RENDERER.test(id)) entries.push(url(chunk.fileName));
        const page = PAGE.exec(id);
        if (page && chunk.isDynamicEntry) pages[page[1]] = url(chunk.fileName);
      }
      if (entries.length !== 2) this.error(`first-load manifest: expected the /app island and React's renderer, found ${entries.join(', ') || 'neither'}`);
      // dist/client → dist/first-load.json (not served: only server.ts and the bench read it).
      const file = path.join(outDir, '..', FIRST_LOAD_FILE);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify({ entries: entries.sort(), pages, graph }, null, 1));
    },
  };
}
