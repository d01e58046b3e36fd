// The de catalogues in one chunk of their own, loaded when de becomes the active language (i18n/switch.ts).
import { type Catalogue, mergeCatalogues } from '../namespaces';

export default mergeCatalogues(
  import.meta.glob<Catalogue>('../locales/de/*.json', { eager: true, import: 'default' }),
);
