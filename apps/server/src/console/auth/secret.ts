import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** The file under DATA_DIR that keeps the generated console secret when CONSOLE_AUTH_SECRET is unset. */
export const CONSOLE_SECRET_FILE = 'console-auth-secret';

/** better-auth wants at least 32 characters; a generated secret is 48 random bytes as base64url (64). */
export const MIN_SECRET_LENGTH = 32;

/**
 * The secret that signs staff session cookies, derives CSRF tokens and encrypts TOTP secrets: env
 * CONSOLE_AUTH_SECRET when set, else the one kept in `<dataDir>/console-auth-secret`, made on first start
 * (readable by the server's user only). Kept rather than made per start, so a restart signs nobody out and
 * TOTP secrets stay readable. Several instances against one Postgres must share it: set the variable.
 */
export async function loadConsoleSecret(fromEnv: string | undefined, dataDir: string): Promise<string> {
  if (fromEnv !== undefined) return fromEnv;
  const file = path.join(dataDir, CONSOLE_SECRET_FILE);
  try {
    const kept = (await readFile(file, 'utf8')).trim();
    if (kept.length >= MIN_SECRET_LENGTH) return kept;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(48).toString('base64url');
  await mkdir(dataDir, { recursive: true });
  // `wx`: if another process made the file a moment ago, keep its secret instead of overwriting it.
  try {
    await writeFile(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return (await readFile(file, 'utf8')).trim();
  }
}
