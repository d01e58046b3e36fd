import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { ConsoleContext } from '../../src/console/context';
import { csrfTokenOf, registerStaffAuth } from '../../src/console/staff-auth';

// The plugin refuses, at registration, a console route that could forget its check (DESIGN.md section 7).
// The context is never used: nothing here handles a request.
const context = {} as ConsoleContext;

async function register(config: Record<string, unknown> | undefined, url = '/console/api/thing') {
  const app = Fastify();
  try {
    await app.register(async (scope) => {
      registerStaffAuth(scope, context, new Set(['/console/api/auth/*']));
      scope.get(url, config ? { config } : {}, async () => ({}));
    });
    await app.ready();
  } finally {
    await app.close();
  }
}

describe('the staff-auth plugin', () => {
  it('refuses a console route without an access rule', async () => {
    await expect(register(undefined)).rejects.toThrow(/declares no config.console access rule/);
  });

  it('refuses a public route it does not know', async () => {
    await expect(register({ console: { scope: 'public' } })).rejects.toThrow(/may not be public/);
    await expect(register({ console: { scope: 'public' } }, '/console/api/auth/*')).resolves.toBeUndefined();
  });

  it('takes a route with a scope and role', async () => {
    await expect(register({ console: { scope: 'offer', minRole: 'manager' } })).resolves.toBeUndefined();
  });

  it('derives a CSRF token per session that another session or secret does not share', () => {
    const token = csrfTokenOf('s'.repeat(40), 'session-a');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(csrfTokenOf('s'.repeat(40), 'session-a')).toBe(token);
    expect(csrfTokenOf('s'.repeat(40), 'session-b')).not.toBe(token);
    expect(csrfTokenOf('t'.repeat(40), 'session-a')).not.toBe(token);
  });
});
