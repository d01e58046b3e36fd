import { useTranslation } from '../../../i18n';
import { ModuleHeading } from '../components/ModuleHeading';
import { EXTERNAL_LINK_PROPS, safeUrl } from '../components/ModuleLinks';
import { dataString, type ModuleProps } from '../types';

interface VideoData {
  url: string;
  poster: string | null;
  title: string | null;
}

/** data.video is `{url, poster, title}`; anything else is no video. */
function videoData(value: unknown): VideoData | null {
  if (!value || typeof value !== 'object') return null;
  const record = value as Record<string, unknown>;
  const url = safeUrl(record.url);
  if (!url) return null;
  const title = typeof record.title === 'string' && record.title.trim() ? record.title.trim() : null;
  return { url, poster: safeUrl(record.poster), title };
}

/**
 * Video (spec 2.4): data.label and the browser's player for data.video, in a 16:9 box with its poster,
 * so nothing moves while it loads and nothing is downloaded until the visitor presses play. A link to
 * the file is there for a browser that cannot play it.
 */
export default function Video({ module }: ModuleProps) {
  const { t } = useTranslation('modules');
  const video = videoData(module.data.video);
  const label = dataString(module, 'label');
  if (!video) return null;
  const title = video.title ?? label ?? t('video');

  return (
    <div>
      {label && <ModuleHeading>{label}</ModuleHeading>}
      <div className="tp-video-box">
        {/* biome-ignore lint/a11y/useMediaCaption: partner videos come without caption files */}
        <video
          controls
          preload="none"
          playsInline
          src={video.url}
          poster={video.poster ?? undefined}
          title={title}
          aria-label={title}
        />
      </div>
      <a href={video.url} className="tp-mp-link tp-body2 tp-media-file" {...EXTERNAL_LINK_PROPS}>
        {video.title ? t('openVideoTitled', { title: video.title }) : t('openVideo')}
      </a>
    </div>
  );
}
