// What server.ts hands every server-rendered page (Astro.locals).
declare namespace App {
  interface Locals {
    /**
     * Answers a GET of an /api path in-process, as the page's own request (its
     * client address counts for the API's rate limits). Absent under `astro dev`.
     */
    apiGet?: (path: string) => Promise<Response>;
    /** The build's /app module graph (dist/first-load.json, build/first-load.mjs): what the page preloads. Absent under `astro dev`. */
    firstLoad?: import('../build/first-load.mjs').FirstLoadManifest;
  }
}
