import type { MediaItem } from '@trailpass/contract';
import { useRef, useState } from 'react';
import { Image } from '../../../components/Image';
import { HEADER_HEIGHT } from '../../../components/layout';
import { useTranslation } from '../../../i18n';
import { ModuleFade } from '../components/ModuleFade';
import { useReducedMotion } from '../components/reduced-motion';
import { useModuleContext } from '../context';
import { dataIds, type ModuleProps, moduleLabel } from '../types';

/** A media name worth reading out; "Hero" is a role, not a description. */
function altText(item: MediaItem): string {
  const name = item.name?.trim();
  return name && name.toLowerCase() !== 'hero' ? name : '';
}

/**
 * ImageShowcase (spec 2.4): the module's images (data.media ids, records in the data map) as a carousel
 * the visitor swipes through (native scrolling with scroll snap) or moves with the dots. Every slide is a
 * 16:9 box, so nothing shifts as images load; the first image loads at once with high priority (it is
 * usually the page's largest paint), the others lazily.
 *
 * A fixed showcase (module.isFixed: sort_order 1 or 2 on a deal, venue or product page) sticks under the
 * top bar while the rest of the page scrolls over it. Fixed or not, it fades out as it scrolls under the
 * top bar, gone after half the image height (spec 2.4; the reading is in ModuleFade).
 */
export default function ImageShowcase({ module }: ModuleProps) {
  const { t } = useTranslation('modules');
  const { index } = useModuleContext();
  const anchorRef = useRef<HTMLDivElement>(null);
  const rootRef = useRef<HTMLElement>(null);
  const trackRef = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  const reducedMotion = useReducedMotion();

  const images = dataIds(module, 'media')
    .map((id) => index.media.get(id))
    .filter((item): item is MediaItem => item !== undefined && item.url.trim() !== '');
  if (images.length === 0) return null;

  const count = images.length;
  const selected = Math.min(current, count - 1);
  const fixed = module.isFixed;

  const show = (slide: number) => {
    setCurrent(slide);
    const track = trackRef.current;
    if (!track) return;
    const left = slide * track.clientWidth;
    if (typeof track.scrollTo === 'function') {
      track.scrollTo({ left, behavior: reducedMotion ? 'auto' : 'smooth' });
    } else {
      track.scrollLeft = left;
    }
  };

  return (
    <>
      {/* Where the showcase sits in the flow: a fixed one's own box stays put once it sticks. */}
      <div ref={anchorRef} aria-hidden="true" data-showcase-anchor="" />
      <section
        ref={rootRef}
        aria-roledescription={t('carousel')}
        aria-label={moduleLabel(module) ?? t('imageGallery')}
        data-fixed={fixed ? 'true' : 'false'}
        className="tp-mod-showcase"
        // Whether it sticks is the module's own data (isFixed); the rest of its look is modules.css's.
        style={fixed ? { position: 'sticky', top: HEADER_HEIGHT } : undefined}
      >
        <div
          ref={trackRef}
          data-showcase-track=""
          // A scrolling strip must be reachable by keyboard (arrow keys scroll it once focused).
          {...(count > 1 ? { tabIndex: 0, role: 'group', 'aria-label': t('images') } : {})}
          onScroll={(event) => {
            const track = event.currentTarget;
            if (track.clientWidth === 0) return;
            const slide = Math.round(track.scrollLeft / track.clientWidth);
            if (slide !== selected && slide >= 0 && slide < count) setCurrent(slide);
          }}
          className={count > 1 ? 'tp-mod-showcase-track tp-mod-showcase-scrolls' : 'tp-mod-showcase-track'}
        >
          {images.map((item, slide) => (
            // biome-ignore lint/a11y/useSemanticElements: a carousel slide is a group (WAI-ARIA carousel pattern), not a form's fieldset
            <div
              key={item.id}
              role="group"
              aria-roledescription={t('slide')}
              aria-label={t('slideOf', { index: slide + 1, count })}
              className="tp-mod-showcase-slide"
            >
              <Image
                src={item.url}
                alt={altText(item)}
                loading={slide === 0 ? 'eager' : 'lazy'}
                fetchPriority={slide === 0 ? 'high' : 'auto'}
                draggable={false}
              />
            </div>
          ))}
        </div>
        {count > 1 && (
          <div className="tp-mod-showcase-dots">
            {images.map((item, slide) => (
              <button
                key={item.id}
                type="button"
                aria-label={t('showImage', { index: slide + 1, count })}
                aria-current={slide === selected ? 'true' : undefined}
                onClick={() => show(slide)}
              >
                <span />
              </button>
            ))}
          </div>
        )}
      </section>
      <ModuleFade target={rootRef} measure={anchorRef} rate="showcase" baseOpacity={module.opacity} />
    </>
  );
}
