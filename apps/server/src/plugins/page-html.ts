import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { APP_BASE, firstScreenModuleTypes, pageModules } from '@trailpass/contract';
import type { FirstAnswers } from './page-reads';

/**
 * The web build's list of each page's scripts and of each module type's (apps/web/src/build/route-preloads.ts),
 * dist/.vite/route-preloads.json. A build before decision 0026 has no `moduleTypes`.
 */
interface BuildHints {
  routes: { path: string; files: string[] }[];
  moduleTypes: Record<string, string[]>;
}

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

/** The build's hints, or none: a missing, older or unreadable file only means a page without hints. */
function readBuildHints(file: string): BuildHints {
  const none: BuildHints = { routes: [], moduleTypes: {} };
  if (!existsSync(file)) return none;
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return none;
  }
  if (typeof parsed !== 'object' || parsed === null) return none;
  const { routes, moduleTypes } = parsed as Record<string, unknown>;
  return {
    routes: Array.isArray(routes)
      ? routes.filter(
          (route): route is BuildHints['routes'][number] =>
            typeof route?.path === 'string' && isStringList(route?.files),
        )
      : [],
    moduleTypes:
      typeof moduleTypes === 'object' && moduleTypes !== null
        ? Object.fromEntries(Object.entries(moduleTypes).filter(([, files]) => isStringList(files)))
        : {},
  };
}

/** React Router's path syntax (`:param`, `:param?`) as a pattern for the whole path under the app. */
function routePattern(routePath: string): RegExp {
  const source = routePath
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      if (!segment.startsWith(':')) return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
      return segment.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
    })
    .join('');
  return new RegExp(`^${source}/?$`);
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

// Low priority, as index.html's own module script (decision 0028): a module script never holds up the first
// paint, but Lighthouse's simulation counts every high-priority script that arrived before the first paint as
// render-blocking, which put Rewards' and OrderHistory's first paint at 2.3 to 2.8 s instead of 0.7 s
// (decision 0025, round three).
const modulePreload = (href: string) =>
  `<link rel="modulepreload" fetchpriority="low" crossorigin href="${escapeAttribute(href)}">`;

// High priority: on a module page the hero is the largest paint, and it no longer waits for the entry, /data
// and the assignment to have arrived one after another before it is asked for (decision 0026); on Pass Login
// the pass's logo is, and it no longer waits for the visitor's own session and its /data (decision 0028).
const imagePreload = (href: string) =>
  `<link rel="preload" as="image" fetchpriority="high" href="${escapeAttribute(href)}">`;

/** The HTML of a page with its holder's first answers (page-reads.ts), made per request. */
export type PageWithAnswers = (urlPath: string, answers: FirstAnswers) => string;

export interface AppPages<Plain> {
  /** The page with its first answers; null for a build whose index.html has no head or body to put them in. */
  withAnswers: PageWithAnswers | null;
  /**
   * The page without answers (no token, an unknown one, a HEAD): index.html with the page's scripts named,
   * made and prepared once per route of the build's list at start-up (issue 28); null for a path of no
   * route there, which gets index.html as it is.
   */
  plain(urlPath: string): Plain | null;
}

/**
 * index.html for a page with what it needs named in its head, read once at start:
 * - the page's scripts (the page's chunk, the MUI shell and MUI's core) as modulepreload hints, so they are
 *   asked for beside the entry, not once it has loaded and run (decision 0025, round two);
 * - with first answers (decision 0026): the code of the module types on the assignment's first screen and
 *   the first screen's picture (a module page's hero, Pass Login's logo), and the answers themselves in
 *   `#tp-boot` at the end of the body.
 * Each route's page without answers is made once here and given to `prepare` (the server compresses it), so
 * that serving it costs no more than a file. A build without index.html, or whose index.html has no head and
 * body, gets index.html as it is for every page.
 */
export async function appPagesOf<Plain>(
  webDist: string,
  prepare: (html: string) => Promise<Plain>,
): Promise<AppPages<Plain>> {
  const none: AppPages<Plain> = { withAnswers: null, plain: () => null };
  const indexFile = path.join(webDist, 'index.html');
  if (!existsSync(indexFile)) return none;
  const index = readFileSync(indexFile, 'utf8');
  const headEnd = index.indexOf('</head>');
  const bodyEnd = index.lastIndexOf('</body>');
  if (headEnd === -1 || bodyEnd < headEnd) return none;
  const hints = readBuildHints(path.join(webDist, '.vite', 'route-preloads.json'));
  const routes = hints.routes.map((route) => ({ pattern: routePattern(route.path), files: route.files }));
  const isKnownType = (type: string | null): type is string =>
    type !== null && Object.hasOwn(hints.moduleTypes, type);

  const pageHtml = (files: Iterable<string>, answers: FirstAnswers | null) => {
    const hero = answers?.picture ?? null;
    const head = `${hero ? imagePreload(hero) : ''}${[...files].map(modulePreload).join('')}`;
    const body = answers?.script ?? '';
    // The answers at the end of the body: the entry, a module script, runs once the document is parsed, so
    // they are there when it asks; and the first paint ("Loading your pass…") does not wait for their bytes.
    return `${index.slice(0, headEnd)}${head}${index.slice(headEnd, bodyEnd)}${body}${index.slice(bodyEnd)}`;
  };
  const routeOf = (urlPath: string) => {
    if (!urlPath.startsWith(`${APP_BASE}/`)) return -1;
    const inApp = urlPath.slice(APP_BASE.length);
    return routes.findIndex((route) => route.pattern.test(inApp));
  };
  const plainPages = await Promise.all(
    routes.map((route) => (route.files.length > 0 ? prepare(pageHtml(route.files, null)) : null)),
  );

  return {
    withAnswers(urlPath, answers) {
      const files = new Set(routes[routeOf(urlPath)]?.files);
      if (answers.assignment) {
        const { answer, type } = answers.assignment;
        for (const moduleType of firstScreenModuleTypes(pageModules(answer, type), isKnownType)) {
          for (const file of hints.moduleTypes[moduleType] ?? []) files.add(file);
        }
      }
      return pageHtml(files, answers);
    },
    plain: (urlPath) => plainPages[routeOf(urlPath)] ?? null,
  };
}
