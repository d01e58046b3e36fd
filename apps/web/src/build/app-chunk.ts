/**
 * Build-time only (vite.config.ts): which modules go into the one `app` chunk (decision 0028).
 *
 * Left to the automatic split, the small modules that several lazy chunks share (the plain UI kit, the
 * module pages' frame, lib helpers, icons, the contract's rules) each became a chunk of their own of a few
 * hundred bytes: a module page asked for 18 scripts before its first screen, Rewards for 23. On a phone's
 * HTTP/1.1 connection (six at a time) every request costs a round trip, which was more than the bytes.
 * Gathered into one chunk, a page asks for a handful.
 *
 * A module goes into `app` only when it is "plain": our own code (src/, the contract, the build's icons),
 * not a module type (each is its own chunk, issue 5) and not a page (each page is its own chunk), whose
 * static imports are plain too or the packages the entry is made of (React, React DOM, the router, React
 * Query). So the chunk never pulls MUI, zod, dayjs, DOMPurify or any other package into a page that did
 * not need it. The bundler's graph is the one before tree-shaking: a module that imports the contract's
 * index (which names zod's schemas too) does not count as plain, whatever it uses of it.
 */

/** Our own code: the web app's sources, the contract's and the icons unplugin-icons makes at build time. */
const APP_SOURCE = /[\\/](?:apps[\\/]web[\\/]src|packages[\\/]contract[\\/]src)[\\/]|^~icons[\\/]/;

/** The packages the entry is made of: a plain module may import them, but they are never taken. */
const ENTRY_PACKAGES =
  /[\\/]node_modules[\\/](?:react|react-dom|react-router|scheduler|@tanstack[\\/](?:react-query|query-core))[\\/]/;

/** Module types and pages stay chunks of their own; the MUI theme is MUI's. */
const OWN_CHUNK = /[\\/]features[\\/]modules[\\/]types[\\/]|Page\.tsx$|[\\/]mui-theme[\\/]/;

/** What the bundler tells about a module: its static imports (null for a module it does not know). */
export type ModuleImports = (id: string) => readonly string[] | null;

/**
 * A predicate over module ids: true for a plain module of our own (see above). Results are kept, as the
 * bundler asks for every module of the graph. Within an import cycle a module counts as plain while it is
 * being decided; a result that leant on that is not kept, so it is decided again once the cycle is known.
 */
export function plainAppModules(importsOf: ModuleImports): (id: string) => boolean {
  const known = new Map<string, boolean>();
  const decide = (id: string, visiting: Set<string>): { plain: boolean; assumed: boolean } => {
    const kept = known.get(id);
    if (kept !== undefined) return { plain: kept, assumed: false };
    if (ENTRY_PACKAGES.test(id)) return { plain: true, assumed: false };
    if (!APP_SOURCE.test(id) || OWN_CHUNK.test(id)) return { plain: false, assumed: false };
    if (visiting.has(id)) return { plain: true, assumed: true };
    visiting.add(id);
    const imports = importsOf(id);
    let plain = imports !== null;
    let assumed = false;
    for (const imported of imports ?? []) {
      const result = decide(imported, visiting);
      assumed ||= result.assumed;
      if (!result.plain) {
        plain = false;
        break;
      }
    }
    visiting.delete(id);
    // A "no" never depends on the assumption; a "yes" that did is only sure for the cycle's first module.
    if (!plain || !assumed || visiting.size === 0) known.set(id, plain);
    return { plain, assumed: plain && assumed };
  };
  return (id) => APP_SOURCE.test(id) && decide(id, new Set()).plain;
}
