import { SpacedText } from '../../../components/SpacedText';
import { useTranslation } from '../../../i18n';
import { useModuleContext } from '../context';
import { dataString, type ModuleProps } from '../types';

/**
 * Greeting (spec 2.4): the page's welcome, data.label as its heading, greeting a signed-in visitor by
 * first name, and data.notes below it.
 */
export default function Greeting({ module }: ModuleProps) {
  const { t } = useTranslation('modules');
  const { appData } = useModuleContext();
  const label = dataString(module, 'label');
  const notes = dataString(module, 'notes');
  const firstName = appData.partner_user?.first_name.trim() || null;
  if (!label && !notes) return null;

  return (
    <div className="tp-mod-greeting">
      {label && (
        <h2 className="tp-h5 tp-bold">
          {/* The space after the line is outside it: the heading's name then reads "Hi Ava, Welcome…". */}
          {firstName && (
            <>
              <span className="tp-subtitle1 tp-secondary tp-mod-greeting-hi">
                {t('greetingHi', { name: firstName })}
              </span>{' '}
            </>
          )}
          {label}
        </h2>
      )}
      <SpacedText text={notes} component="p" className="tp-secondary" style={{ marginTop: label ? 8 : 0 }} />
    </div>
  );
}
