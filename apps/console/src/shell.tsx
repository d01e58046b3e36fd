import MuiLink, { type LinkProps } from '@mui/material/Link';
import { createContext, type MouseEvent, useContext } from 'react';

/**
 * The entry's own navigation between its pages (sign-in, password reset) and the admin. The entry does
 * without react-router, which comes with react-admin in the admin's chunk: the sign-in page loads only
 * React and the few MUI parts it shows.
 */
export type Go = (path: string, options?: { replace?: boolean }) => void;

export const ShellContext = createContext<Go>((path) => window.location.assign(path));

export function useGo(): Go {
  return useContext(ShellContext);
}

/** A link between the entry's pages: a real href (new tab, copy link), followed without a page load. */
export function ShellLink({ href, ...props }: LinkProps & { href: string }) {
  const go = useGo();
  return (
    <MuiLink
      {...props}
      href={href}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
          return;
        event.preventDefault();
        go(href);
      }}
    />
  );
}
