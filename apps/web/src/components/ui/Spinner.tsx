import { cx } from './classes';

/** A busy indicator (MUI's CircularProgress, plain CSS). `label` names it for assistive technology. */
export function Spinner({
  size = 40,
  label,
  className,
}: {
  size?: number;
  label: string;
  className?: string;
}) {
  return (
    <span
      role="progressbar"
      aria-label={label}
      className={cx('tp-progress', className)}
      style={{ width: size, height: size }}
    >
      <svg viewBox="22 22 44 44" width={size} height={size} aria-hidden="true" focusable="false">
        <circle cx="44" cy="44" r="20.2" fill="none" strokeWidth="3.6" />
      </svg>
    </span>
  );
}
