import { z } from 'zod';

/** API paths relative to API_BASE, shared so that a renamed route fails the type check on both sides. */
export const apiPaths = {
  data: '/data',
  login: '/login',
  logout: '/logout',
  pageView: '/events/page-view',
  /** Liveness and database check; needs no token or version header. */
  health: '/health',
  /** OpenAPI document generated from this contract, and readable docs; no token needed. */
  openapi: '/openapi.json',
  docs: '/docs',
} as const;

/** GET /pass/api/health */
export const healthResponse = z.object({ ok: z.literal(true), database: z.literal('up') });
export type HealthResponse = z.infer<typeof healthResponse>;
