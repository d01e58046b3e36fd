import type { CSSProperties } from 'react';
import { cx } from './classes';

/** A grey placeholder where content is loading (MUI's Skeleton, pulse). Hidden from assistive technology. */
export function Skeleton({
  variant = 'rounded',
  width,
  height,
  className,
  style,
}: {
  variant?: 'rounded' | 'text';
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  className?: string;
  style?: CSSProperties;
}) {
  return (
    <span
      aria-hidden="true"
      className={cx('tp-skeleton', variant === 'text' && 'tp-skeleton-text', className)}
      style={{ width, height, ...style }}
    />
  );
}
