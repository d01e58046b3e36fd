import { type CSSProperties, useState } from 'react';
import noImage from '../assets/no-image.svg';

export const NO_IMAGE_URL: string = noImage;

/**
 * An image that falls back to the default no-image picture when missing or broken (spec 8). Plain <img>
 * (decision 0027): size and fit come from the caller's class or style; give it a size (or an aspect ratio)
 * so nothing moves when it arrives.
 */
export function Image({
  src,
  alt,
  className,
  style,
  loading = 'lazy',
  fetchPriority = 'auto',
  draggable,
  width,
  height,
}: {
  src: string | null | undefined;
  alt: string;
  className?: string;
  style?: CSSProperties;
  loading?: 'lazy' | 'eager';
  /** 'high' for the picture that is likely the page's largest paint (the first showcase slide). */
  fetchPriority?: 'high' | 'low' | 'auto';
  draggable?: boolean;
  /** The intrinsic size in CSS pixels, when known (reserves its space before it loads). */
  width?: number;
  height?: number;
}) {
  // Remember which source failed, so a new src gets its own try.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const missing = !src || failedSrc === src;
  return (
    <img
      src={missing ? NO_IMAGE_URL : src}
      alt={alt}
      loading={loading}
      fetchPriority={fetchPriority}
      {...(draggable === undefined ? {} : { draggable })}
      {...(width === undefined ? {} : { width })}
      {...(height === undefined ? {} : { height })}
      decoding="async"
      data-fallback={missing ? 'true' : undefined}
      onError={() => setFailedSrc(src ?? null)}
      className={className}
      style={style}
    />
  );
}
