import type { ReactNode } from 'react';
import { cx } from './classes';

export type ButtonVariant = 'text' | 'outlined' | 'contained';
export type ButtonSize = 'small' | 'medium' | 'large';

export interface ButtonLook {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** 'inherit' takes the surrounding text's colour (a button inside an alert). */
  color?: 'primary' | 'inherit';
  fullWidth?: boolean;
  startIcon?: ReactNode;
  endIcon?: ReactNode;
}

/**
 * The class names of a button with this look (styles/ui.css .tp-btn), for elements that are not a Button.
 * A module of its own, not Button.tsx, which imports the app's links (and through them the contract's
 * index): a module that only needs a button's look (RetryAlert) then stays plain, in the shared `app`
 * chunk (src/build/app-chunk.ts), instead of being a chunk and a request of its own; and not classes.ts,
 * which the first screen's shell loads.
 */
export function buttonClass(
  { variant = 'text', size = 'medium', color = 'primary', fullWidth = false }: ButtonLook,
  className?: string,
): string {
  return cx(
    'tp-btn',
    variant !== 'text' && `tp-btn-${variant}`,
    size !== 'medium' && `tp-btn-${size}`,
    color === 'inherit' && 'tp-btn-inherit',
    fullWidth && 'tp-btn-full',
    className,
  );
}
