import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { installedReactRouterDir, reactRouterProductionAliases } from './react-router-production';

const packageDir = installedReactRouterDir();

describe('reactRouterProductionAliases', () => {
  const aliases = reactRouterProductionAliases(packageDir);

  it('maps exactly the bare imports the app uses, not deep ones', () => {
    const [main, dom] = aliases;
    expect(main?.find.test('react-router')).toBe(true);
    expect(main?.find.test('react-router-dom')).toBe(false);
    expect(dom?.find.test('react-router/dom')).toBe(true);
    expect(dom?.find.test('react-router/dom/x')).toBe(false);
  });

  it("points at the installed version's production files, where the development checks are off", () => {
    for (const { replacement } of aliases) {
      expect(existsSync(replacement), replacement).toBe(true);
      expect(replacement).toContain('/dist/production/');
    }
    // The flag lives in a chunk the entry imports; one of the production chunks declares it false, none true.
    const production = readFileSync(aliases[0]?.replacement ?? '', 'utf8');
    const chunks = [...production.matchAll(/from "\.\/(chunk-[\w-]+\.mjs)"/g)].map((m) => m[1]);
    const flags = chunks.map(
      (chunk) =>
        readFileSync(`${packageDir}/dist/production/${chunk}`, 'utf8').match(
          /ENABLE_DEV_WARNINGS = (\w+);/,
        )?.[1],
    );
    expect(flags).toContain('false');
    expect(flags).not.toContain('true');
  });
});
