import Box from '@mui/material/Box';
import { useState } from 'react';
import { NO_IMAGE_URL } from '../../../components/Image';

/**
 * A showcase slide's picture: the shared Image's fallback to the no-image picture (spec 8), plus a fetch
 * priority, because the first slide of a showcase at the top of a page is likely the largest paint. It
 * fills a box whose aspect ratio is set by its parent, so nothing moves when it loads.
 */
export function ShowcaseImage({
  src,
  alt,
  first,
}: {
  src: string | null | undefined;
  alt: string;
  first: boolean;
}) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const missing = !src || failedSrc === src;
  return (
    <Box
      component="img"
      src={missing ? NO_IMAGE_URL : src}
      alt={alt}
      loading={first ? 'eager' : 'lazy'}
      fetchPriority={first ? 'high' : 'auto'}
      decoding="async"
      draggable={false}
      data-fallback={missing ? 'true' : undefined}
      onError={() => setFailedSrc(src ?? null)}
      sx={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover' }}
    />
  );
}
