import { CONSOLE_BASE } from '@trailpass/contract/console';

/** The console's pages outside react-admin, from the site root. */
export const PAGES = {
  signIn: `${CONSOLE_BASE}/sign-in`,
  forgotPassword: `${CONSOLE_BASE}/forgot-password`,
  resetPassword: `${CONSOLE_BASE}/reset-password`,
  home: `${CONSOLE_BASE}/`,
} as const;
