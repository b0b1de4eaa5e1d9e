import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildInputsHash } from '../../scripts/build-if-changed.ts';

describe('a restart builds the site only when the checkout changed', () => {
  let root = '';
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  function checkout() {
    root = mkdtempSync(path.join(os.tmpdir(), 'build-inputs-'));
    mkdirSync(path.join(root, 'site', 'app'), { recursive: true });
    mkdirSync(path.join(root, 'docs'), { recursive: true });
    writeFileSync(path.join(root, 'site', 'app', 'App.tsx'), 'export const a = 1;\n');
    writeFileSync(path.join(root, 'package-lock.json'), '{}\n');
    writeFileSync(path.join(root, 'docs', 'notes.md'), 'notes\n');
  }

  it('the same files give the same hash: the build is skipped', () => {
    checkout();
    expect(buildInputsHash(root)).toBe(buildInputsHash(root));
  });

  it('an edited page, a new file or a new lock file changes it: the site is built again', () => {
    checkout();
    const before = buildInputsHash(root);
    writeFileSync(path.join(root, 'site', 'app', 'App.tsx'), 'export const a = 2;\n');
    const edited = buildInputsHash(root);
    writeFileSync(path.join(root, 'site', 'app', 'New.tsx'), '\n');
    const added = buildInputsHash(root);
    writeFileSync(path.join(root, 'package-lock.json'), '{"x":1}\n');
    const locked = buildInputsHash(root);
    expect(new Set([before, edited, added, locked]).size).toBe(4);
  });

  it('what the build does not read (docs) leaves it alone', () => {
    checkout();
    const before = buildInputsHash(root);
    writeFileSync(path.join(root, 'docs', 'notes.md'), 'more notes\n');
    expect(buildInputsHash(root)).toBe(before);
  });
});
