import { z } from 'zod';
import { IDEMPOTENCY_KEY_INVALID_MESSAGE, IDEMPOTENCY_KEY_PATTERN } from './constants';

/** The Idempotency-Key header's value (its plain values are in constants.ts, for clients without zod). */
export const idempotencyKey = z.string().regex(IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_KEY_INVALID_MESSAGE);
