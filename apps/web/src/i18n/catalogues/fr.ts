// The fr catalogues in one chunk of their own, loaded when fr becomes the active language (i18n/switch.ts).
import { type Catalogue, mergeCatalogues } from '../namespaces';

export default mergeCatalogues(
  import.meta.glob<Catalogue>('../locales/fr/*.json', { eager: true, import: 'default' }),
);
