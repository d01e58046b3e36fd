import { CONSOLE_BASE } from '@trailpass/contract/console';

/** The console's pages outside react-admin, from the site root. */
export const PAGES = {
  signIn: `${CONSOLE_BASE}/sign-in`,
  forgotPassword: `${CONSOLE_BASE}/forgot-password`,
  resetPassword: `${CONSOLE_BASE}/reset-password`,
  home: `${CONSOLE_BASE}/`,
} as const;

/**
 * Where sign-in leads: the console page named by `?next=` (a path under /console, as react-admin knew it
 * when it sent the visitor to sign in), else the console's start. Anything that is not such a path (another
 * site, `//host`, the sign-in page itself) is ignored, so the parameter cannot send anyone elsewhere.
 */
export function afterSignIn(search: string): string {
  const next = new URLSearchParams(search).get('next');
  if (!next?.startsWith('/') || next.startsWith('//') || next.includes('\\')) return PAGES.home;
  const target = `${CONSOLE_BASE}${next}`;
  const path = target.split(/[?#]/)[0] ?? '';
  return Object.values(PAGES).includes(path as never) && path !== PAGES.home ? PAGES.home : target;
}
