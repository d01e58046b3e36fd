// The pseudo-locale's catalogues (decision 0050), made from the English ones already in the entry chunk: a
// chunk of its own that only `?lang=en-XA` loads, so it costs the first load of every holder nothing.
import { i18next } from '..';
import type { Catalogues } from '../namespaces';
import { pseudoCatalogue } from '../pseudo';

export default function pseudoCatalogues(): Catalogues {
  const english = i18next.getDataByLanguage('en') ?? {};
  return Object.fromEntries(
    Object.entries(english).map(([namespace, catalogue]) => [namespace, pseudoCatalogue(catalogue)]),
  );
}
