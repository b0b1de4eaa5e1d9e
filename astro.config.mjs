// Astro renders the public pages and hosts the /app React island. It is built in
// the node adapter's middleware mode and served behind Hono by server.ts.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import { noServerModulesInBrowser } from './build/no-server-modules.mjs';
import { firstLoadManifest } from './build/first-load.mjs';

/**
 * Astro's Content-Security-Policy (docs/decisions/010): scripts and styles by
 * hash (Astro computes them), Mantine's run-time <style> elements by a nonce
 * per /app response. The rest allows our own origin only.
 */
const csp = {
  directives: [
    "default-src 'self'",
    // data: for the two-factor QR code (an SVG data URL) and Mantine's inline SVG backgrounds.
    "img-src 'self' data:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ],
  // Explicit, so that the /app page's nonce is added to 'self' rather than replacing it.
  styleDirective: { resources: ["'self'"] },
};

const unescapeAttribute = (value) => value
  .replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/**
 * Prerendered pages may carry style="…" attributes (the landing page's meters).
 * Their policies (dist/_headers.json, written by the node adapter) allow exactly
 * those values, by hash, in `style-src-attr`.
 */
function styleAttributeHashes() {
  let outDir;
  return {
    name: 'talentloop:csp-style-attributes',
    hooks: {
      'astro:config:done': ({ config }) => { outDir = config.outDir; },
      'astro:build:done': ({ dir }) => {
        const file = new URL('_headers.json', outDir);
        if (!existsSync(file)) return;
        const pages = JSON.parse(readFileSync(file, 'utf8'));
        for (const page of pages) {
          const html = readFileSync(new URL(page.pathname === '/' ? 'index.html' : `${page.pathname.slice(1)}.html`, dir), 'utf8');
          const values = new Set([...html.matchAll(/\sstyle="([^"]*)"/g)].map((match) => unescapeAttribute(match[1])));
          if (!values.size) continue;
          const hashes = [...values].map((value) => `'sha256-${createHash('sha256').update(value).digest('base64')}'`);
          const header = page.headers.find((h) => h.key === 'Content-Security-Policy');
          header.value = `${header.value.trim()} style-src-attr 'unsafe-hashes' ${hashes.join(' ')};`;
        }
        writeFileSync(file, JSON.stringify(pages, null, '\t'));
      },
    },
  };
}

export default defineConfig({
  srcDir: './site',
  publicDir: './site/public',
  output: 'static',
  // /login is served from login.html (server.ts maps extensionless paths to .html).
  build: { format: 'file' },
  // staticHeaders: prerendered pages' policies go to dist/_headers.json (server.ts sends them as headers).
  adapter: node({ mode: 'middleware', staticHeaders: true }),
  integrations: [react(), styleAttributeHashes()],
  security: { csp },
  server: { host: '127.0.0.1', port: 4400 },
  devToolbar: { enabled: false },
  vite: {
    ssr: { noExternal: ['@mantine/*'] },
    plugins: [noServerModulesInBrowser(), firstLoadManifest()],
  },
});
