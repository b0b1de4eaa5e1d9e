// Astro renders the public pages and hosts the /app React island. It is built in
// the node adapter's middleware mode and served behind Hono by server.ts.
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';

export default defineConfig({
  srcDir: './site',
  publicDir: './site/public',
  output: 'static',
  // /login is served from login.html (server.ts maps extensionless paths to .html).
  build: { format: 'file' },
  adapter: node({ mode: 'middleware' }),
  integrations: [react()],
  server: { host: '127.0.0.1', port: 4400 },
  devToolbar: { enabled: false },
  vite: {
    ssr: { noExternal: ['@mantine/*'] },
  },
});
