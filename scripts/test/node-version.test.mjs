import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isSupportedNode, ROOT } from '../lib.mjs';

describe('the Node.js versions npm start and npm test run on', () => {
  it.each([
    ['20.19.0', false],
    ['22.11.0', false],
    ['22.12.0', true],
    ['22.20.1', true],
    ['23.11.0', false],
    ['24.0.0', true],
    ['24.21.0', true],
    ['26.1.0', true],
  ])('%s: %s', (version, supported) => {
    expect(isSupportedNode(version)).toBe(supported);
  });

  it('are the ones package.json says', () => {
    const { engines } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    expect(engines.node).toBe('^22.12.0 || >=24.0.0');
  });

  it('this one is one of them', () => {
    expect(isSupportedNode()).toBe(true);
  });

  it('an older one stops at once with the version it needs', () => {
    const script = `import('./scripts/lib.mjs').then(({ requireSupportedNode }) => { Object.defineProperty(process.versions, 'node', { value: '20.19.0' }); requireSupportedNode('npm start'); console.log('went on'); })`;
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stdout).not.toContain('went on');
    expect(result.stderr).toContain(
      'npm start needs Node.js 24 or 22 (22.12 or later); this is Node.js 20.19.0',
    );
  });
});
