// What the /app HTML preloads (decision 044): the island's files, the page's chunk and all their static
// imports, from the build's module graph; and how many round trips a page needs without or with preloads.
import { describe, expect, it } from 'vitest';
import { firstLoadFiles, roundTrips, staticClosure, type FirstLoadManifest } from '../../build/first-load.mjs';
import { pageModuleOf } from '#app/router/pageModules.ts';

// App imports the router, which imports the core; the dashboard imports a card; People is another page.
const manifest: FirstLoadManifest = {
  entries: ['/_astro/App.js', '/_astro/client.js'],
  pages: { DashboardPage: '/_astro/Dashboard.js', PeoplePage: '/_astro/People.js' },
  graph: {
    '/_astro/App.js': ['/_astro/router.js', '/_astro/react-dom.js'],
    '/_astro/router.js': ['/_astro/core.js'],
    '/_astro/core.js': [],
    '/_astro/client.js': ['/_astro/react-dom.js'],
    '/_astro/react-dom.js': [],
    '/_astro/Dashboard.js': ['/_astro/card.js', '/_astro/core.js'],
    '/_astro/card.js': [],
    '/_astro/People.js': ['/_astro/table.js'],
    '/_astro/table.js': [],
  },
};

describe('the first load of an /app page', () => {
  it('is the island, the page and everything they import statically, each file once', () => {
    expect(firstLoadFiles(manifest, 'DashboardPage').sort()).toEqual([
      '/_astro/App.js', '/_astro/Dashboard.js', '/_astro/card.js', '/_astro/client.js', '/_astro/core.js', '/_astro/react-dom.js', '/_astro/router.js',
    ]);
    expect(firstLoadFiles(manifest, 'PeoplePage')).not.toContain('/_astro/card.js');
  });

  it('is the shell alone on a path without a page (a redirect, a 404)', () => {
    expect(firstLoadFiles(manifest, null).sort()).toEqual(staticClosure(manifest.graph, manifest.entries).sort());
    expect(firstLoadFiles(manifest, 'NoSuchPage')).not.toContain('/_astro/Dashboard.js');
  });

  it('takes one round trip when the HTML names every file, one per import level when it names only the entries', () => {
    expect(roundTrips(manifest.graph, manifest.entries)).toBe(3);
    expect(roundTrips(manifest.graph, firstLoadFiles(manifest, 'DashboardPage'))).toBe(1);
  });
});

describe('the page an /app path opens on', () => {
  it('follows the route tree: the start page, shared pages, a campaign, trailing slashes', () => {
    expect(pageModuleOf('/app')).toBe('DashboardPage');
    expect(pageModuleOf('/app/')).toBe('DashboardPage');
    expect(pageModuleOf('/app/talent-pools')).toBe('PeoplePage');
    expect(pageModuleOf('/app/communications/campaigns/12')).toBe('CampaignPage');
    expect(pageModuleOf('/app/no-such-page')).toBeNull();
  });
});
