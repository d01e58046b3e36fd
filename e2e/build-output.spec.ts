import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { catalogue } from './language-support';

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

/** A catalogue string as the bundle keeps it verbatim: plain ASCII text, no placeholder, tag or quote. */
const VERBATIM = /^[A-Za-z0-9 .,!?:()-]+$/;

test('English, all of it, is in the entry chunk; each other language is a chunk of its own, outside it', () => {
  // The scripts index.html loads up-front, with everything they import statically (issue 32 item 6).
  const firstLoad = new Set<string>();
  const visit = (name: string) => {
    if (firstLoad.has(name)) return;
    firstLoad.add(name);
    const text = readFileSync(join(assets, name), 'utf8');
    for (const [, imported] of text.matchAll(
      /(?:^|[;}])import\s*[^'"`()]*?from\s*["'`]\.\/([^"'`]+\.js)["'`]/g,
    )) {
      if (imported) visit(imported);
    }
  };
  const html = readFileSync(resolve(assets, '../index.html'), 'utf8');
  for (const [, name] of html.matchAll(/<script[^>]*src="\/pass\/assets\/([^"]+\.js)"/g)) {
    if (name) visit(name);
  }
  expect([...firstLoad].some((name) => name.startsWith('initial-'))).toBe(true);
  const firstLoadText = [...firstLoad].map((name) => readFileSync(join(assets, name), 'utf8')).join('\n');

  const english = catalogue('en');
  const verbatimEnglish = [...english].filter(([, text]) => VERBATIM.test(text));
  expect(new Set(verbatimEnglish.map(([id]) => id.split(':')[0])).size).toBe(
    new Set([...english.keys()].map((id) => id.split(':')[0])).size,
  );
  const englishMissing = verbatimEnglish
    .filter(([, text]) => !firstLoadText.includes(text))
    .map(([id]) => id);
  expect(englishMissing, 'English strings that are not in the first load').toEqual([]);

  const chunks = readdirSync(assets).filter((name) => name.endsWith('.js'));
  for (const language of ['es', 'fr', 'de']) {
    const ownChunks = chunks.filter((name) => name.startsWith(`${language}-`));
    expect(ownChunks, `${language}'s chunk`).toHaveLength(1);
    const ownChunk = ownChunks[0] ?? '';
    const ownText = readFileSync(join(assets, ownChunk), 'utf8');
    const translated = [...catalogue(language)].filter(
      ([id, text]) => VERBATIM.test(text) && english.get(id) !== text && !firstLoadText.includes(text),
    );
    expect(translated.length, `${language} strings to look for`).toBeGreaterThan(50);
    expect(translated.filter(([, text]) => !ownText.includes(text)).map(([id]) => id)).toEqual([]);
    expect(firstLoad.has(ownChunk)).toBe(false);
  }
});
