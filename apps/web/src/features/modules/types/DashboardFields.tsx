import { useTranslation } from '../../../i18n';
import { userLocale } from '../../../lib/distance';
import { fieldValue, moduleFields } from '../components/fields';
import { TitledSection } from '../components/TitledSection';
import { useModuleContext } from '../context';
import { type ModuleProps, moduleLabel } from '../types';

/** Spec 2.4 DashboardFields: label and value pairs (points, next expiry, the user's own fields). */
export default function DashboardFields({ module }: ModuleProps) {
  // The values' words (None, N/A) come from the catalogue: render again when the language changes.
  useTranslation('modules');
  const { appData } = useModuleContext();
  const fields = moduleFields(module);
  if (fields.length === 0) return null;
  const locale = userLocale();
  return (
    <TitledSection title={moduleLabel(module)}>
      <div className="tp-outlined tp-mod-fields">
        <dl className="tp-body2">
          {fields.map((field, position) => (
            // Fields never move within a module; two may share a label, so their place is the key.
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed order, nothing is inserted or removed
            <div key={position} className="tp-mod-contents">
              <dt>{field.label}</dt>
              <dd>{fieldValue(field, appData, locale)}</dd>
            </div>
          ))}
        </dl>
      </div>
    </TitledSection>
  );
}
