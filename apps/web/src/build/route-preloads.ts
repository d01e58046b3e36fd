/**
 * Build-time only (vite.config.ts): which JavaScript files each page needs before it can show anything,
 * written to dist/.vite/route-preloads.json. The server puts them in that page's index.html as
 * `<link rel="modulepreload">` (apps/server/src/plugins/static.ts), so the page's chunk, the MUI shell and
 * MUI's core are asked for beside the entry instead of after it has loaded and run (decision 0025, round
 * two). A page is found by its file name: route X's page is the lazy chunk of `XPage.tsx`; a route without
 * such a file gets no hints.
 */

/** The part of a Rollup/Rolldown output chunk this needs. */
export interface BuiltChunk {
  fileName: string;
  facadeModuleId: string | null;
  isEntry: boolean;
  imports: readonly string[];
}

export interface RoutePreload {
  /** The route's path relative to the app's base, in React Router's syntax (`/orderdetails/:orderId`). */
  path: string;
  /** URLs of the scripts to preload, in the order they are needed. */
  files: string[];
}

export interface RoutePreloadsInput {
  chunks: readonly BuiltChunk[];
  /** The build's base URL (`/pass/`). */
  base: string;
  /** Route name to its path. */
  routes: Readonly<Record<string, string>>;
  /** Routes shown without the MUI shell: only their own page chunk. */
  plainRoutes: ReadonlySet<string>;
  /** The source file whose chunk is the MUI shell. */
  shellModule: RegExp;
}

function moduleName(id: string | null): string | null {
  const match = id === null ? null : /[\\/]([^\\/]+)\.tsx?$/.exec(id);
  return match?.[1] ?? null;
}

export function routePreloads({
  chunks,
  base,
  routes,
  plainRoutes,
  shellModule,
}: RoutePreloadsInput): RoutePreload[] {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  // What index.html loads already: the entry and its static imports.
  const inEntry = new Set<string>();
  const closure = (fileName: string, into: Set<string>) => {
    if (into.has(fileName)) return;
    into.add(fileName);
    for (const imported of byFile.get(fileName)?.imports ?? []) closure(imported, into);
  };
  for (const chunk of chunks) if (chunk.isEntry) closure(chunk.fileName, inEntry);

  const pageChunks = new Map<string, BuiltChunk>();
  for (const chunk of chunks) {
    const name = moduleName(chunk.facadeModuleId);
    if (!chunk.isEntry && name?.endsWith('Page')) pageChunks.set(name, chunk);
  }
  const shell = chunks.find((chunk) => chunk.facadeModuleId && shellModule.test(chunk.facadeModuleId));

  const result: RoutePreload[] = [];
  for (const [route, path] of Object.entries(routes)) {
    const page = pageChunks.get(`${route}Page`);
    if (!page) continue;
    const files = new Set<string>();
    // The shell first: it renders before the page, and with it comes MUI's core.
    if (shell && !plainRoutes.has(route)) closure(shell.fileName, files);
    closure(page.fileName, files);
    result.push({
      path,
      files: [...files].filter((file) => !inEntry.has(file)).map((file) => `${base}${file}`),
    });
  }
  return result;
}
