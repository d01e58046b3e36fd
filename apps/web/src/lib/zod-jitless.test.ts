import { describe, expect, it } from 'vitest';
import './zod-jitless';
import { z } from 'zod';

describe('zod-jitless', () => {
  it('is the setting zod parses with, set without loading zod', () => {
    expect(z.config().jitless).toBe(true);
    // And zod still parses as it should without compiling its parsers.
    const schema = z.object({ id: z.number().int(), name: z.string() });
    expect(schema.parse({ id: 1, name: 'Ava' })).toEqual({ id: 1, name: 'Ava' });
    expect(schema.safeParse({ id: 'x' }).success).toBe(false);
  });
});
