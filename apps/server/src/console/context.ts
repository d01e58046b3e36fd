import type { AppContext } from '../app-context';
import type { ConsoleAuth } from './auth/auth';
import type { LockoutPolicy } from './auth/lockout';

/** What the console's routes are given (console/index.ts): the app's context and the staff auth. */
export interface ConsoleContext extends AppContext {
  auth: ConsoleAuth;
  /** The console secret (auth/secret.ts): better-auth's, and the key of the CSRF tokens. */
  secret: string;
  lockout: LockoutPolicy;
}
