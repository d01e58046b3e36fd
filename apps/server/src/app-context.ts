import type { AppDb } from './db/client';
import type { MailSettings } from './modules/mail/settings';
import type { RateLimitSettings } from './plugins/rate-limit';

/**
 * What the route modules are given by buildApp (app.ts). A file of its own so that the modules, which app.ts
 * imports, need not import app.ts back.
 */
export interface AppContext {
  db: AppDb;
  /** Imported media (served under /pass/media/): the manifest lists a generated icon only if its file is there. */
  mediaDir: string;
  now: () => Date;
  rateLimit: RateLimitSettings;
  cartHoldMs: number;
  /** How long an e-mailed sign-in code works (issue 29; LOGIN_CODE_TTL_MINUTES unless set for a test). */
  loginCodeTtlMs: number;
  /** What e-mails need of the configuration: the sender, links' base, Message-ID domain (modules/mail). */
  mail: MailSettings;
}
