import type { ComponentProps, ReactNode } from 'react';
import type { Link as RouterLink } from 'react-router';
import { AppLink, type AppLinkTarget } from '../../lib/navigation';
import { type ButtonLook, buttonClass } from './button-class';

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
