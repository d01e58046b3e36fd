// English, the spec's strings: every namespace's catalogue in the entry chunk with the runtime that loads it
// (runtime.ts), so the first screen never waits for a catalogue (issue 32 item 6, decision 0054).
import { type Catalogue, mergeCatalogues } from '../namespaces';

export default mergeCatalogues(
  import.meta.glob<Catalogue>('../locales/en/*.json', { eager: true, import: 'default' }),
);
