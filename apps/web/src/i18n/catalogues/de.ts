// The de catalogues in one chunk of their own, loaded when de becomes the active language (i18n/switch.ts).
import { byNamespace, type Catalogue } from '../namespaces';

export default byNamespace(
  import.meta.glob<Catalogue>('../locales/de/*.json', { eager: true, import: 'default' }),
);
