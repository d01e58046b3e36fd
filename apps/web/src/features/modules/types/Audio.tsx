import { useId } from 'react';
import { useTranslation } from '../../../i18n';
import { ModuleHeading } from '../components/ModuleHeading';
import { EXTERNAL_LINK_PROPS, safeUrl } from '../components/ModuleLinks';
import { dataString, type ModuleProps } from '../types';

/**
 * Audio (spec 2.4): data.label and the browser's own player for data.value. Nothing is downloaded until
 * the visitor presses play; a link to the file is there for a browser that cannot play it.
 */
export default function Audio({ module }: ModuleProps) {
  const { t } = useTranslation('modules');
  const headingId = useId();
  const src = safeUrl(module.data.value);
  const label = dataString(module, 'label');
  if (!src) return null;

  return (
    <div>
      {label && <ModuleHeading id={headingId}>{label}</ModuleHeading>}
      {/* biome-ignore lint/a11y/useMediaCaption: partner audio comes without a transcript file */}
      <audio
        controls
        preload="none"
        src={src}
        aria-labelledby={label ? headingId : undefined}
        aria-label={label ? undefined : t('audio')}
        className="tp-media-player"
      />
      <a href={src} className="tp-mp-link tp-body2 tp-media-file" {...EXTERNAL_LINK_PROPS}>
        {t('openAudioFile')}
      </a>
    </div>
  );
}
