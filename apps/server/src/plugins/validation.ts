import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import type { $ZodType } from 'zod/v4/core';
import { NUL_MESSAGE, nulCharacterPath } from '../db/nul-characters';

/**
 * fastify-type-provider-zod's validator, after the NUL check (db/nul-characters.ts): the schemas are the
 * contract's, shared with the apps, and no text field of theirs can mean a NUL, so every route's validation
 * refuses one first, in one place, before anything runs: a 400 naming the field. Its refusal is a validation
 * issue as zod's are.
 */
export const validatorCompiler: FastifySchemaCompiler<$ZodType> = (route) => {
  const validate = zodValidatorCompiler(route);
  return (data: unknown) => {
    const instancePath = nulCharacterPath(data);
    if (instancePath === null) return validate(data);
    return {
      error: [{ keyword: 'custom', instancePath, schemaPath: '#', params: {}, message: NUL_MESSAGE }],
    };
  };
};
