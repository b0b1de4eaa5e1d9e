import { describe, expect, it } from 'vitest';
import { parseSupabaseStatus, talentloopEnvironment } from '../../scripts/dev-supabase.ts';

// What `npx supabase status -o env` prints for a stack started with this repository's config.toml
// (CLI 2.117; the keys are the local stack's published defaults, the same on every machine).
const STATUS_OUTPUT = `ANON_KEY="eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0"
API_URL="http://127.0.0.1:54321"
DB_URL="postgresql://postgres:postgres@127.0.0.1:54322/postgres"
FUNCTIONS_URL="http://127.0.0.1:54321/functions/v1"
GRAPHQL_URL="http://127.0.0.1:54321/graphql/v1"
INBUCKET_URL="http://127.0.0.1:54324"
JWT_SECRET="super-secret-jwt-token-with-at-least-32-characters-long"
MAILPIT_URL="http://127.0.0.1:54324"
MCP_URL="http://127.0.0.1:54321/mcp"
PUBLISHABLE_KEY="sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH"
REST_URL="http://127.0.0.1:54321/rest/v1"
S3_PROTOCOL_ACCESS_KEY_ID="625729a08b95bf1b7ff351a663f3a23c"
S3_PROTOCOL_ACCESS_KEY_SECRET="850181e4652dd023b7a98c58ae0d2d34bd487ee0cc3254aed6eda37307425907"
S3_PROTOCOL_REGION="local"
SECRET_KEY="sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz"
SERVICE_ROLE_KEY="eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU"
STORAGE_S3_URL="http://127.0.0.1:54321/storage/v1/s3"
STUDIO_URL="http://127.0.0.1:54323"
`;

describe('npm run dev:supabase reads the local stack from `supabase status -o env`', () => {
  it('takes the API address, database, keys and JWT secret from the CLI’s output', () => {
    const local = parseSupabaseStatus(STATUS_OUTPUT);
    expect(local).toEqual({
      apiUrl: 'http://127.0.0.1:54321',
      dbUrl: 'postgresql://postgres:postgres@127.0.0.1:54322/postgres',
      anonKey: expect.stringMatching(/^eyJ.*\.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0$/),
      serviceRoleKey: expect.stringMatching(/^eyJ.*\.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU$/),
      jwtSecret: 'super-secret-jwt-token-with-at-least-32-characters-long',
    });
  });

  it('hands server.ts the stack as DATABASE_URL and the SUPABASE_* settings, without demo seeding', () => {
    expect(talentloopEnvironment(parseSupabaseStatus(STATUS_OUTPUT))).toEqual({
      DATABASE_URL: 'postgresql://postgres:postgres@127.0.0.1:54322/postgres',
      SUPABASE_URL: 'http://127.0.0.1:54321',
      SUPABASE_ANON_KEY: expect.stringMatching(/^eyJ/),
      SUPABASE_SERVICE_ROLE_KEY: expect.stringMatching(/^eyJ/),
      SUPABASE_JWT_SECRET: 'super-secret-jwt-token-with-at-least-32-characters-long',
      SEED_DEMO_DATA: 'off',
    });
  });

  it('reads bare and escaped values, CRLF line ends and `export` prefixes alike', () => {
    const output = [
      'export API_URL=http://127.0.0.1:54321',
      'DB_URL="postgresql://postgres:p\\"w@127.0.0.1:54322/postgres"',
      'ANON_KEY=anon', 'SERVICE_ROLE_KEY=service', 'JWT_SECRET="a\\\\b"', '',
    ].join('\r\n');
    expect(parseSupabaseStatus(output)).toEqual({
      apiUrl: 'http://127.0.0.1:54321', dbUrl: 'postgresql://postgres:p"w@127.0.0.1:54322/postgres',
      anonKey: 'anon', serviceRoleKey: 'service', jwtSecret: 'a\\b',
    });
  });

  it('names what is missing when the stack runs without Supabase Auth', () => {
    const withoutAuth = STATUS_OUTPUT.split('\n').filter((line) => !/^(ANON_KEY|SERVICE_ROLE_KEY|JWT_SECRET)=/.test(line)).join('\n');
    expect(() => parseSupabaseStatus(withoutAuth)).toThrow('did not give ANON_KEY, SERVICE_ROLE_KEY, JWT_SECRET');
    expect(() => parseSupabaseStatus('')).toThrow('API_URL, DB_URL');
  });
});
