// A Vite plugin of the site's build (astro.config.mjs).

/**
 * Server-only modules are named *.server.ts (decision 030). One that reaches a browser bundle
 * (the /app island, the booking page's scripts) stops the build, naming the module and who
 * imported it; the server build (SSR) may load them.
 */
export function noServerModulesInBrowser() {
  return {
    name: 'talentloop:no-server-modules-in-browser',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (options?.ssr || !importer) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (resolved && /\.server\.tsx?$/.test(resolved.id.split('?')[0])) {
        this.error(`${resolved.id} is server-only (*.server.ts) but ${importer} imports it into a browser bundle: call the API, or import its types with \`import type\`.`);
      }
      return resolved;
    },
  };
}
