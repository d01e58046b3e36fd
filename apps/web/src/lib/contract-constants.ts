import type * as Contract from '@trailpass/contract';

/**
 * The contract's plain constants, for code in the initial chunk. Importing '@trailpass/contract'
 * at run time pulls in every zod schema of the package (about 28 kB gzip), which the shell does not
 * need. Each value is typed with the contract's own literal type, so `tsc` fails if either side
 * changes, and contract-constants.test.ts compares them with the contract at run time.
 * Chunks that validate with zod anyway (Login) import the contract directly.
 */
export const API_BASE: typeof Contract.API_BASE = '/pass/api';
export const APP_BASE: typeof Contract.APP_BASE = '/pass';
export const API_VERSION: typeof Contract.API_VERSION = '1';
export const TOKEN_HEADER: typeof Contract.TOKEN_HEADER = 'X-Pass-Token';
export const API_VERSION_HEADER: typeof Contract.API_VERSION_HEADER = 'X-Pass-Api-Version';

/** The API paths this app calls, relative to API_BASE. */
export const apiPaths = {
  data: '/data',
  login: '/login',
  logout: '/logout',
  pageView: '/events/page-view',
} as const satisfies Partial<typeof Contract.apiPaths>;
