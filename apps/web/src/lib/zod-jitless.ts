/**
 * The app's Content-Security-Policy has no 'unsafe-eval'. The first time zod parses an object it probes
 * for `new Function` (to compile faster parsers); the browser reports that probe as a CSP violation
 * (script-src, eval) although zod catches its failure. jitless skips the probe and the compiled parsers:
 * the interpreted ones give the same results, fast enough for a page's answers.
 *
 * zod keeps its settings in globalThis.__zod_globalConfig (one object for every copy of zod in the page)
 * and reads them as it parses, so this sets them without loading zod: zod stays out of the first load.
 * main.tsx imports this first; zod-jitless.test.ts checks that zod reads it.
 */
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
scope.__zod_globalConfig = Object.assign(scope.__zod_globalConfig ?? {}, { jitless: true });
