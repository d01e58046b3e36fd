import { Image } from '../../../components/Image';
import { pick } from '../components/records';
import { useModuleContext } from '../context';
import { dataIds, type ModuleProps, moduleLabel } from '../types';

/**
 * Spec 2.4 DashboardImage: the first image of data.media as a full-width banner in a fixed-ratio box.
 * It loads eagerly when it is the page's first module (it is then the largest thing on screen) and
 * lazily below the fold.
 */
export default function DashboardImage({ module }: ModuleProps) {
  const { index, assignment } = useModuleContext();
  const [media] = pick(dataIds(module, 'media'), index.media);
  if (!media) return null;
  const first = assignment.modules[0]?.id === module.id;
  // The picture says what the banner says; a caption-less banner is decoration.
  const alt = (media.name && media.name !== 'Hero' ? media.name : null) ?? moduleLabel(module) ?? '';
  return (
    <div>
      <Image
        src={media.url}
        alt={alt}
        loading={first ? 'eager' : 'lazy'}
        className="tp-img tp-img-cover"
        style={{ aspectRatio: '16 / 9' }}
      />
    </div>
  );
}
