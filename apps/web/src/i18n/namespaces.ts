/** A catalogue: one namespace's keys and strings in one language (locales/<language>/<namespace>.json). */
export type Catalogue = Record<string, unknown>;
/** A language's catalogues by namespace. */
export type Catalogues = Record<string, Catalogue>;

/** `./locales/en/orders.json` → `orders`. */
export function namespaceOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1, -'.json'.length);
}

/** import.meta.glob's modules of one language's JSON files, by namespace. */
export function byNamespace(files: Record<string, Catalogue>): Catalogues {
  return Object.fromEntries(Object.entries(files).map(([path, catalogue]) => [namespaceOf(path), catalogue]));
}
