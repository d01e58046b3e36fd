import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * Build-time only (vite.config.ts): React Router's production build in the bundle.
 *
 * React Router's package.json sends every import condition to dist/development, where
 * `ENABLE_DEV_WARNINGS` is true: the shipped router then runs its development checks (route shapes, "No
 * routes matched location", the default error boundary's console output) and carries their code.
 * dist/production is the same files with the flag false. Tests and the dev server keep the warnings.
 */
export function reactRouterProductionAliases(packageDir: string): { find: RegExp; replacement: string }[] {
  return [
    { find: /^react-router$/, replacement: join(packageDir, 'dist/production/index.mjs') },
    { find: /^react-router\/dom$/, replacement: join(packageDir, 'dist/production/dom-export.mjs') },
  ];
}

/** The folder of the react-router package this project has installed. */
export function installedReactRouterDir(): string {
  return dirname(createRequire(import.meta.url).resolve('react-router/package.json'));
}
