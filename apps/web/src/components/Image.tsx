import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { useState } from 'react';
import noImage from '../assets/no-image.svg';

export const NO_IMAGE_URL: string = noImage;

/** An image that falls back to the default no-image picture when missing or broken (spec 8). */
export function Image({
  src,
  alt,
  sx,
  loading = 'lazy',
  fetchPriority = 'auto',
  draggable,
}: {
  src: string | null | undefined;
  alt: string;
  sx?: SxProps<Theme>;
  loading?: 'lazy' | 'eager';
  /** 'high' for the picture that is likely the page's largest paint (the first showcase slide). */
  fetchPriority?: 'high' | 'low' | 'auto';
  draggable?: boolean;
}) {
  // Remember which source failed, so a new src gets its own try.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const missing = !src || failedSrc === src;
  return (
    <Box
      component="img"
      src={missing ? NO_IMAGE_URL : src}
      alt={alt}
      loading={loading}
      fetchPriority={fetchPriority}
      {...(draggable === undefined ? {} : { draggable })}
      decoding="async"
      data-fallback={missing ? 'true' : undefined}
      onError={() => setFailedSrc(src ?? null)}
      sx={sx ?? {}}
    />
  );
}
