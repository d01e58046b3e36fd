/**
 * Build-time only (vite.config.ts): which JavaScript files each page needs before it can show anything, and
 * each module type's code (moduleTypePreloads), written to dist/.vite/route-preloads.json. The server puts
 * them in that page's index.html as `<link rel="modulepreload">` (apps/server/src/plugins/page-html.ts), so
 * the page's chunk, the MUI shell and MUI's core are asked for beside the entry instead of after it has
 * loaded and run (decision 0025, round two). A page is found by its file name: route X's page is the lazy chunk of `XPage.tsx`; a route without
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

/** The chunks the entry loads already (index.html names them): never worth a hint. */
function entryClosure(chunks: readonly BuiltChunk[]): {
  inEntry: Set<string>;
  closure: (fileName: string, into: Set<string>) => void;
} {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (fileName: string, into: Set<string>) => {
    if (into.has(fileName)) return;
    into.add(fileName);
    for (const imported of byFile.get(fileName)?.imports ?? []) closure(imported, into);
  };
  const inEntry = new Set<string>();
  for (const chunk of chunks) if (chunk.isEntry) closure(chunk.fileName, inEntry);
  return { inEntry, closure };
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
  // What index.html loads already: the entry and its static imports.
  const { inEntry, closure } = entryClosure(chunks);

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

export interface ModuleTypePreloadsInput {
  chunks: readonly BuiltChunk[];
  /** The build's base URL (`/pass/`). */
  base: string;
  /** The module type a chunk is the lazily imported code of, from its source file; null for any other. */
  moduleTypeOf: (facadeModuleId: string) => string | null;
}

/**
 * Each module type's code (its chunk and what that imports, minus what the entry loads), by type. The
 * server names the first screen's module types of a page it sends with its assignment (decision 0026), so
 * their code is asked for beside the entry instead of once the assignment has arrived and the page has run.
 */
export function moduleTypePreloads({
  chunks,
  base,
  moduleTypeOf,
}: ModuleTypePreloadsInput): Record<string, string[]> {
  const { inEntry, closure } = entryClosure(chunks);
  const result: Record<string, string[]> = {};
  for (const chunk of chunks) {
    const type = chunk.facadeModuleId && !chunk.isEntry ? moduleTypeOf(chunk.facadeModuleId) : null;
    if (!type) continue;
    const files = new Set<string>();
    closure(chunk.fileName, files);
    result[type] = [...files].filter((file) => !inEntry.has(file)).map((file) => `${base}${file}`);
  }
  return result;
}
