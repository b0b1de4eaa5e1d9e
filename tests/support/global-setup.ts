// Starts one embedded PostgreSQL for the test run and prepares a template
// database (migrations, better-auth tables, demo data). Test files clone it.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '#platform/db/embedded.server.ts';
import { openDatabase } from '#platform/db/pools.server.ts';
import { createAuth } from '#platform/auth/better-auth.server.ts';
import { seedDemoData } from '#demo/demo.server.ts';
import { TEMPLATE_DB, TEST_SECRET, AUTH_SECRET } from './constants.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgServerUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'talentloop-test-'));
  const port = 56000 + Math.floor(Math.random() * 2000);
  const server = await startEmbeddedPostgres({ dataDir, port, password: 'test', fast: true, log: () => undefined });

  const admin = new pg.Client({ connectionString: server.ownerUrl });
  await admin.connect();
  await admin.query(`create database ${TEMPLATE_DB}`);
  await admin.end();

  const templateUrl = new URL(server.ownerUrl);
  templateUrl.pathname = `/${TEMPLATE_DB}`;
  const pools = await openDatabase(templateUrl.toString(), TEST_SECRET);
  const authService = await createAuth({
    ownerUrl: templateUrl.toString(), secret: AUTH_SECRET, baseURL: 'http://127.0.0.1:4400',
    trustedOrigins: [], secureCookies: false,
  });
  await seedDemoData(authService, pools.owner);
  await authService.close();
  await pools.close();

  project.provide('pgServerUrl', server.ownerUrl);
  return async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
