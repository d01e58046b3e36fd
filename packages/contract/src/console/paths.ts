/**
 * The console API's paths (issue 30), from the site root, in Fastify's `:param` form (as `apiPaths` are for
 * the pass API). The server registers exactly these; the console's front end builds its URLs from them.
 */
export const CONSOLE_BASE = '/console';
export const CONSOLE_API_BASE = '/console/api';
/** better-auth's own routes live under here (sign-in, sign-out, password reset, TOTP): see AUTH_PATHS. */
export const CONSOLE_AUTH_BASE = '/console/api/auth';

export const consolePaths = {
  session: '/console/api/session',
  holders: '/console/api/offers/:offerId/holders',
  holder: '/console/api/offers/:offerId/holders/:holderId',
  holderPoints: '/console/api/offers/:offerId/holders/:holderId/points',
  holderLink: '/console/api/offers/:offerId/holders/:holderId/link',
  holderLinkEmail: '/console/api/offers/:offerId/holders/:holderId/link/email',
  audit: '/console/api/partners/:partnerId/audit',
  staff: '/console/api/partners/:partnerId/staff',
  staffMember: '/console/api/partners/:partnerId/staff/:staffId',
} as const;
export type ConsolePath = (typeof consolePaths)[keyof typeof consolePaths];

/**
 * The better-auth endpoints the console uses, under CONSOLE_AUTH_BASE (better-auth 1.6's own paths and
 * bodies; see decision 0037):
 * - POST sign-in/email {email, password} -> 200 {user} with the session cookie, or {twoFactorRedirect: true}
 *   when the account has TOTP (then POST two-factor/verify-totp {code}); 401 INVALID_EMAIL_OR_PASSWORD;
 *   423 {code: 'LOCKED'} after too many wrong passwords; 429 when an address tries too often.
 * - POST sign-out {} ; POST request-password-reset {email, redirectTo?} (always 200; the e-mail links to
 *   /console/reset-password?token=...) ; POST reset-password {newPassword, token}.
 * - POST two-factor/enable {password} -> {totpURI, backupCodes}; POST two-factor/verify-totp {code};
 *   POST two-factor/disable {password}.
 * Every POST must carry the page's Origin (browsers do): better-auth refuses cross-site calls.
 */
export const AUTH_PATHS = {
  signIn: '/console/api/auth/sign-in/email',
  signOut: '/console/api/auth/sign-out',
  requestPasswordReset: '/console/api/auth/request-password-reset',
  resetPassword: '/console/api/auth/reset-password',
  enableTwoFactor: '/console/api/auth/two-factor/enable',
  verifyTotp: '/console/api/auth/two-factor/verify-totp',
  disableTwoFactor: '/console/api/auth/two-factor/disable',
} as const;

/** Where the password-reset e-mail sends the staff member (a page of the console's front end). */
export const RESET_PASSWORD_PAGE = '/console/reset-password';
