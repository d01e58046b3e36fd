// The fr catalogues in one chunk of their own, loaded when fr becomes the active language (i18n/switch.ts).
import { byNamespace, type Catalogue } from '../namespaces';

export default byNamespace(
  import.meta.glob<Catalogue>('../locales/fr/*.json', { eager: true, import: 'default' }),
);
