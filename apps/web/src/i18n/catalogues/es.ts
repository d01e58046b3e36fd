// The es catalogues in one chunk of their own, loaded when es becomes the active language (i18n/switch.ts).
import { type Catalogue, mergeCatalogues } from '../namespaces';

export default mergeCatalogues(
  import.meta.glob<Catalogue>('../locales/es/*.json', { eager: true, import: 'default' }),
);
