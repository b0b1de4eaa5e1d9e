// What the server refuses to start with or warns about, decided from the
// configuration alone; and when demo data is loaded at all.
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '#platform/runtime/config.server.ts';
import { checkConfiguration, demoUsersRefusal } from '#platform/runtime/startup-checks.server.ts';

const saved = { ...process.env };
afterEach(() => {
  for (const name of ['NODE_ENV', 'DATABASE_URL', 'SEED_DEMO_DATA', 'TRUST_PROXY']) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

function configWith(env: Record<string, string | undefined>) {
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  return loadConfig();
}

describe('demo data', () => {
  it('is loaded into the embedded database by default, never into DATABASE_URL unless asked', () => {
    expect(configWith({ DATABASE_URL: undefined, SEED_DEMO_DATA: undefined, NODE_ENV: undefined }).seedDemoData).toBe(true);
    expect(configWith({ DATABASE_URL: undefined, SEED_DEMO_DATA: 'off' }).seedDemoData).toBe(false);
    expect(configWith({ DATABASE_URL: 'postgres://db.example/app', SEED_DEMO_DATA: undefined }).seedDemoData).toBe(false);
    expect(configWith({ DATABASE_URL: 'postgres://db.example/app', SEED_DEMO_DATA: 'on' }).seedDemoData).toBe(true);
    // In production not even into the embedded one.
    expect(configWith({ DATABASE_URL: undefined, SEED_DEMO_DATA: undefined, NODE_ENV: 'production' }).seedDemoData).toBe(false);
  });

  it('refuses a SEED_DEMO_DATA or TRUST_PROXY it cannot read', () => {
    expect(() => configWith({ SEED_DEMO_DATA: 'yes' })).toThrow('SEED_DEMO_DATA must be on or off, not "yes"');
    expect(() => configWith({ SEED_DEMO_DATA: undefined, TRUST_PROXY: 'the proxy' })).toThrow(/TRUST_PROXY/);
  });
});

describe('checkConfiguration', () => {
  it('refuses a non-https PUBLIC_URL in production, saying how to fix it', () => {
    const { refusals, warnings } = checkConfiguration({ production: true, publicUrl: 'http://talentloop.example.com', seedDemoData: false });
    expect(refusals).toHaveLength(1);
    expect(refusals[0]).toMatch(/^Refusing to start: NODE_ENV=production needs an https PUBLIC_URL, and it is "http:\/\/talentloop\.example\.com"/);
    expect(refusals[0]).toContain('Set PUBLIC_URL to the https address');
    expect(warnings).toEqual([]);
  });

  it('outside production warns once, on one line', () => {
    const { refusals, warnings } = checkConfiguration({ production: false, publicUrl: 'http://127.0.0.1:4400', seedDemoData: true });
    expect(refusals).toEqual([]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).not.toContain('\n');
    expect(warnings[0]).toMatch(/^Warning: PUBLIC_URL http:\/\/127\.0\.0\.1:4400 is not https/);
  });

  it('has nothing to say about https, and refuses demo seeding in production', () => {
    expect(checkConfiguration({ production: true, publicUrl: 'https://talentloop.example.com', seedDemoData: false }))
      .toEqual({ refusals: [], warnings: [] });
    expect(checkConfiguration({ production: false, publicUrl: 'https://talentloop.example.com', seedDemoData: true }))
      .toEqual({ refusals: [], warnings: [] });
    const { refusals } = checkConfiguration({ production: true, publicUrl: 'https://talentloop.example.com', seedDemoData: true });
    expect(refusals).toEqual([expect.stringMatching(/^Refusing to start: SEED_DEMO_DATA=on cannot be used with NODE_ENV=production\./)]);
  });

  it('names each demo user and why, and the ways out', () => {
    const text = demoUsersRefusal([{ username: 'admin', reasons: ['demo password', 'demo two-factor secret'] }]);
    expect(text).toContain('  admin: demo password, demo two-factor secret');
    expect(text).toContain('npm run create-admin');
  });
});
