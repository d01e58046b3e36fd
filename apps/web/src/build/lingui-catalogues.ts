/**
 * Build-time only (vite.config.ts, and the web test projects' configs): the interface catalogues compiled
 * for Lingui when they are imported (issue 32, decision 0052). A catalogue is one namespace's ICU
 * MessageFormat strings in one language, `src/i18n/locales/<language>/<namespace>.json`; its module becomes
 * Lingui's compiled messages under the ids `<namespace>:<key>`, so the browser never parses ICU (Lingui's
 * message compiler stays out of the bundle) and the call sites keep their keys. With `?pseudo` an English
 * catalogue becomes the pseudo-locale's (src/i18n/pseudo.ts). A message that is not valid ICU stops the
 * build, and the test run, naming its file and key.
 */
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';
import { PSEUDO_CLOSE, PSEUDO_OPEN, pseudoText } from '../i18n/pseudo';

/** A catalogue's path: …/i18n/locales/<language>/<namespace>.json, with an optional query. */
const CATALOGUE = /[\\/]src[\\/]i18n[\\/]locales[\\/]([^\\/]+)[\\/]([A-Za-z0-9]+)\.json(?:\?(.*))?$/;

type Compiled = ReturnType<typeof compileMessageOrThrow>;

/** One message compiled; in the pseudo-locale, its text accented and lengthened, between delimiters. */
export function compileCatalogueMessage(message: string, pseudo = false): Compiled {
  if (!pseudo) return compileMessageOrThrow(message);
  return [PSEUDO_OPEN, ...compileMessageOrThrow(message, pseudoText), PSEUDO_CLOSE];
}

/** A catalogue file's text → its compiled messages by id; throws with the file and key on a bad message. */
export function compileCatalogue(
  file: string,
  text: string,
  namespace: string,
  pseudo = false,
): Record<string, Compiled> {
  const catalogue = JSON.parse(text) as Record<string, unknown>;
  const compiled: Record<string, Compiled> = {};
  for (const [key, message] of Object.entries(catalogue)) {
    if (typeof message !== 'string') throw new Error(`${file}: "${key}" is not a string`);
    try {
      compiled[`${namespace}:${key}`] = compileCatalogueMessage(message, pseudo);
    } catch (error) {
      throw new Error(`${file}: "${key}" is not valid ICU MessageFormat: ${(error as Error).message}`);
    }
  }
  return compiled;
}

export function linguiCatalogues(): Plugin {
  return {
    name: 'trailpass:lingui-catalogues',
    // Before Vite's JSON plugin: the module is JavaScript from here on (moduleType), which that plugin leaves.
    enforce: 'pre',
    transform(code, id) {
      const match = CATALOGUE.exec(id);
      if (!match) return null;
      const [, , namespace, query] = match;
      const pseudo = new URLSearchParams(query ?? '').has('pseudo');
      const file = id.replace(/\?.*$/, '');
      const messages = compileCatalogue(file, code, namespace as string, pseudo);
      return { code: `export default ${JSON.stringify(messages)};\n`, map: null, moduleType: 'js' };
    },
  };
}
