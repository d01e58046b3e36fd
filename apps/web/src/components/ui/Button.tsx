import type { ComponentProps, ReactNode } from 'react';
import type { Link as RouterLink } from 'react-router';
import { AppLink, type AppLinkTarget } from '../../lib/navigation';
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

/** The class names of a button with this look (styles/ui.css .tp-btn), for elements that are not a Button. */
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

function Content({ startIcon, endIcon, children }: ButtonLook & { children?: ReactNode }) {
  return (
    <>
      {startIcon}
      {children}
      {endIcon}
    </>
  );
}

function splitLook<P extends ButtonLook>(props: P) {
  const { variant, size, color, fullWidth, startIcon, endIcon, ...rest } = props;
  return { look: { variant, size, color, fullWidth, startIcon, endIcon }, rest };
}

/** A button drawn as MUI's Button (plain CSS, no MUI). `type` is "button" unless given. */
export function Button(props: ButtonLook & ComponentProps<'button'>) {
  const { look, rest } = splitLook(props);
  const { className, children, type = 'button', ...button } = rest;
  return (
    // biome-ignore lint/a11y/useButtonType: the type is the caller's, "button" by default
    <button type={type} className={buttonClass(look, className)} {...button}>
      <Content {...look}>{children}</Content>
    </button>
  );
}

/** A link to a route of the app (t kept) that looks like a button. */
export function ButtonLink(
  props: ButtonLook & Omit<ComponentProps<typeof RouterLink>, 'to'> & { to: AppLinkTarget },
) {
  const { look, rest } = splitLook(props);
  const { className, children, ...link } = rest;
  return (
    <AppLink className={buttonClass(look, className)} {...link}>
      <Content {...look}>{children}</Content>
    </AppLink>
  );
}

/** A link to another site (or a tel:/mailto: address) that looks like a button. */
export function ButtonAnchor(props: ButtonLook & ComponentProps<'a'>) {
  const { look, rest } = splitLook(props);
  const { className, children, ...anchor } = rest;
  return (
    <a className={buttonClass(look, className)} {...anchor}>
      <Content {...look}>{children}</Content>
    </a>
  );
}
