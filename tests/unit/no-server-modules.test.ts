// The site's build refuses a server-only module (*.server.ts) in a browser bundle (decision 030),
// and lets the server build (SSR) and browser-safe modules through.
import { describe, expect, it } from 'vitest';
import { noServerModulesInBrowser } from '../../build/no-server-modules.mjs';

/** Vite's plugin context, as much of it as the plugin uses: resolve to `id`, and error by throwing. */
function context(id: string) {
  return {
    resolve: () => Promise.resolve({ id }),
    error: (message: string): never => { throw new Error(message); },
  };
}
const resolveId = (id: string, options: { ssr?: boolean }) =>
  noServerModulesInBrowser().resolveId.call(context(id), './x.ts', '/work/site/app/App.tsx', options);

describe('the no-server-modules build plugin', () => {
  it('stops a browser bundle that imports a *.server.ts module, naming it and its importer', async () => {
    await expect(resolveId('/work/platform/db/pools.server.ts', {})).rejects.toThrow(
      '/work/platform/db/pools.server.ts is server-only (*.server.ts) but /work/site/app/App.tsx imports it into a browser bundle');
  });

  it('lets the server build load it, and the browser load browser-safe modules', async () => {
    expect(await resolveId('/work/platform/db/pools.server.ts', { ssr: true })).toBeNull();
    expect(await resolveId('/work/domain/consent/eligibility.ts', {})).toEqual({ id: '/work/domain/consent/eligibility.ts' });
  });
});
