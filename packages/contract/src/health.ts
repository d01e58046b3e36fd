import { z } from 'zod';

/** GET /pass/api/health */
export const healthResponse = z.object({ ok: z.literal(true), database: z.literal('up') });
export type HealthResponse = z.infer<typeof healthResponse>;
