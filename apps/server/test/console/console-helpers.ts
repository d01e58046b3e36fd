import { AUTH_PATHS, CSRF_HEADER, consolePaths, type PartnerRole } from '@trailpass/contract/console';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { createStaffAccount } from '../../src/console/staff/accounts';
import type { TestApp } from '../helpers';

export type InjectResponse = Awaited<ReturnType<FastifyInstance['inject']>>;

/** The origin the test requests come from and go to (app.inject's default host). */
export const ORIGIN = 'http://localhost:80';
export const PASSWORD = 'correct horse battery';

/** A staff account of `partnerId` with `role` (or a provider admin), with PASSWORD. */
export async function makeStaff(
  t: TestApp,
  email: string,
  membership: { partnerId: number; role: PartnerRole } | 'provider_admin',
): Promise<string> {
  const account = await createStaffAccount(t.database.db, t.app.console.auth, {
    email,
    password: PASSWORD,
    ...(membership === 'provider_admin' ? { providerAdmin: true } : { membership }),
  });
  return account.userId;
}

/** The `name=value` pairs of a response's Set-Cookie headers, as a Cookie header. */
export function cookieHeader(setCookie: string | string[] | undefined): string {
  const all = setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie];
  return all
    .map((cookie) => cookie.split(';')[0] ?? '')
    .filter((pair) => pair !== '' && !pair.endsWith('='))
    .join('; ');
}

/** POST /console/api/auth/sign-in/email, as the console's page sends it. */
export function signInRequest(app: FastifyInstance, email: string, password: string, remoteAddress?: string) {
  return app.inject({
    method: 'POST',
    url: AUTH_PATHS.signIn,
    ...(remoteAddress ? { remoteAddress } : {}),
    headers: { origin: ORIGIN, 'content-type': 'application/json' },
    payload: { email, password },
  });
}

/** A signed-in staff member: their cookie and CSRF token, and a request helper that sends both. */
export interface StaffClient {
  cookie: string;
  csrf: string;
  request(options: InjectOptions & { csrf?: string | null }): Promise<InjectResponse>;
}

/** Signs in; each sign-in from an address of its own (`remoteAddress`), under better-auth's rate limit. */
export async function signIn(
  app: FastifyInstance,
  email: string,
  options: { password?: string; remoteAddress?: string } = {},
): Promise<StaffClient> {
  const res = await signInRequest(
    app,
    email,
    options.password ?? PASSWORD,
    options.remoteAddress ?? nextAddress(),
  );
  return clientOf(app, res);
}

let lastAddress = 0;
/** A new client address (10.9.x.y) for each sign-in, so that better-auth's per-address limit stays out of the way. */
export function nextAddress(): string {
  lastAddress++;
  return `10.9.${Math.floor(lastAddress / 250)}.${(lastAddress % 250) + 1}`;
}

/** The client of a successful sign-in's answer (its cookie, and the CSRF token the session route gives). */
export async function clientOf(app: FastifyInstance, res: InjectResponse): Promise<StaffClient> {
  expect(res.statusCode, res.body).toBe(200);
  const cookie = cookieHeader(res.headers['set-cookie']);
  const session = await app.inject({ method: 'GET', url: consolePaths.session, headers: { cookie } });
  expect(session.statusCode, session.body).toBe(200);
  const csrf = session.json().csrfToken as string;
  return {
    cookie,
    csrf,
    request(options) {
      const { csrf: override, ...rest } = options;
      const headers: Record<string, string> = {
        cookie,
        origin: ORIGIN,
        ...(rest.headers as Record<string, string>),
      };
      const token = override === undefined ? csrf : override;
      if (token !== null) headers[CSRF_HEADER] = token;
      return app.inject({ ...rest, headers });
    },
  };
}

/** `/console/api/offers/:offerId/holders/:holderId` with the ids filled in. */
export function pathOf(template: string, params: Record<string, number | string>): string {
  return template.replace(/:([a-zA-Z]+)/g, (_, name: string) => String(params[name]));
}
