import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import type { $ZodType } from 'zod/v4/core';
import { unstorableTextAt } from '../db/unstorable-text';

/**
 * fastify-type-provider-zod's validator, after the check for text the database cannot store (a NUL, a lone
 * surrogate: db/unstorable-text.ts): the schemas are the contract's, shared with the apps, and no text field
 * of theirs can mean one, so every route's validation refuses it first, in one place, before anything runs:
 * a 400 naming the field. Its refusal is a validation issue as zod's are.
 */
export const validatorCompiler: FastifySchemaCompiler<$ZodType> = (route) => {
  const validate = zodValidatorCompiler(route);
  return (data: unknown) => {
    const unstorable = unstorableTextAt(data);
    if (unstorable === null) return validate(data);
    const { path: instancePath, message } = unstorable;
    return { error: [{ keyword: 'custom', instancePath, schemaPath: '#', params: {}, message }] };
  };
};
