import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The web test files that share their worker's process (`isolate: false`, decision 0031): those that render
 * nothing, fake no timers, mock no module and touch no IndexedDB or service worker. They test functions, and
 * starting a process and a jsdom window for each of them cost more than their tests. Every other web file
 * runs in a process of its own: in a shared window, what one leaves behind (timers of an unmounted tree, a
 * faked frame clock, a database) reaches the next.
 */
const NEEDS_OWN_PROCESS =
  /@testing-library\/react|useFakeTimers|vi\.mock\(|indexedDB|fake-indexeddb|serviceWorker|\bcaches\b/;

const SRC = path.join(import.meta.dirname, 'src');

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(file);
    return entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

/** The shared files, relative to apps/web (as the projects' include and exclude take them). */
export const sharedProcessTests: string[] = testFiles(SRC)
  .filter((file) => !NEEDS_OWN_PROCESS.test(readFileSync(file, 'utf8')))
  .map((file) => path.relative(import.meta.dirname, file));
