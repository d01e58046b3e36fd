import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';

// What the built app ships, read from the build these journeys run against (apps/web/dist).
const assets = resolve(import.meta.dirname, '../apps/web/dist/assets');

test("the built app carries React Router's production build, without its development checks", () => {
  const scripts = readdirSync(assets)
    .filter((name) => name.endsWith('.js'))
    .map((name) => ({ name, text: readFileSync(join(assets, name), 'utf8') }));
  const filesWith = (text: string) => scripts.filter((file) => file.text.includes(text)).map((f) => f.name);
  // The router is in the bundle (its error for a hook outside a router)...
  expect(filesWith('useNavigate() may be used only in the context of a <Router> component')).not.toEqual([]);
  // ...but not the checks only its development build runs.
  expect(filesWith('No routes matched location')).toEqual([]);
  expect(filesWith('Error handled by React Router default ErrorBoundary')).toEqual([]);
});
