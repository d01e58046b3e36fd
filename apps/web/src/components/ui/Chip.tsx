import type { ReactNode } from 'react';
import { cx } from './classes';

/** A small label in MUI's Chip look (plain CSS): a status such as Visited, or a count. Not a control. */
export function Chip({
  label,
  icon,
  variant = 'filled',
  size = 'medium',
  color = 'default',
  className,
}: {
  label: ReactNode;
  icon?: ReactNode;
  variant?: 'filled' | 'outlined';
  size?: 'small' | 'medium';
  color?: 'default' | 'primary' | 'success';
  className?: string;
}) {
  return (
    <span
      className={cx(
        'tp-chip',
        variant === 'outlined' && 'tp-chip-outlined',
        size === 'small' && 'tp-chip-small',
        color !== 'default' && `tp-chip-${color}`,
        className,
      )}
    >
      {icon}
      <span className="tp-ellipsis">{label}</span>
    </span>
  );
}
