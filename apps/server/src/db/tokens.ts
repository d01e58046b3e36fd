import { createHash, randomBytes } from 'node:crypto';

/**
 * Pass link tokens (query `t`, header `X-Pass-Token`) are stored only as SHA-256 hex hashes: look a
 * session up with `sessions.token_hash = hashToken(token)`. Never log or store the token itself.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A new random token: 192 bits, URL-safe base64 (32 characters). */
export function generateToken(): string {
  return randomBytes(24).toString('base64url');
}

/** Tokens as the import format allows them: URL-safe characters only. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]+$/;
