// The pseudo-locale's catalogues (decisions 0050, 0052): the English ones made pseudo when they are compiled
// (`?pseudo`, src/build/lingui-catalogues.ts), in a chunk of their own that only `?lang=en-XA` loads, so
// that they cost the first load of every holder nothing.
import { type Catalogue, mergeCatalogues } from '../namespaces';

export default mergeCatalogues(
  import.meta.glob<Catalogue>('../locales/en/*.json', { eager: true, import: 'default', query: '?pseudo' }),
);
