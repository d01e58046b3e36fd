import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Encoding answers through the contract's zod schemas, for every route (the serializer compiler below) and
 * for the hot reads' JSON templates (modules/data/json-template.ts).
 *
 * fastify-type-provider-zod's serializer runs `safeEncode`, which walks the schema twice per answer (a
 * "canary" pass without checks, then the checked one; zod 4's backward direction) and never takes zod's
 * compiled fast path. A serialised points history spent 13 % of the server's time there (decision 0023,
 * round six). Where a schema's parse and encode are the same, zod's compiled parser gives the same checks
 * and output several times faster.
 */

/**
 * Schema types whose forward parse and backward encode are the same function in zod 4: they have no
 * direction of their own (zod's `direction === 'backward'` branches are in transform, pipe and codec,
 * default, prefault, catch, success and readonly, and checks that overwrite the value could differ too).
 */
const SAME_BOTH_WAYS = new Set([
  'string',
  'number',
  'boolean',
  'bigint',
  'null',
  'undefined',
  'literal',
  'enum',
  'nan',
  'date',
  'any',
  'unknown',
  // The catch-all of a strict object: unknown keys are refused both ways.
  'never',
  'template_literal',
  'object',
  'array',
  'tuple',
  'record',
  'union',
  'intersection',
  'optional',
  'nullable',
]);

interface SchemaDef {
  type: string;
  checks?: Array<{ _zod: { def: { check: string } } }>;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  items?: z.ZodType[];
  rest?: z.ZodType | null;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  innerType?: z.ZodType;
}

const directionFree = new WeakMap<z.ZodType, boolean>();

/** Whether encoding through `schema` gives what parsing gives: every part of it is in SAME_BOTH_WAYS. */
function isDirectionFree(schema: z.ZodType): boolean {
  const known = directionFree.get(schema);
  if (known !== undefined) return known;
  // A schema met again while it is being looked at (a cycle) counts as not free: z.compile refuses cycles.
  directionFree.set(schema, false);
  const def = (schema as unknown as { _zod: { def: SchemaDef } })._zod.def;
  const children: Array<z.ZodType | null | undefined> = [
    ...Object.values(def.shape ?? {}),
    ...(def.items ?? []),
    ...(def.options ?? []),
    def.catchall,
    def.element,
    def.rest,
    def.keyType,
    def.valueType,
    def.left,
    def.right,
    def.innerType,
  ];
  const free =
    SAME_BOTH_WAYS.has(def.type) &&
    !(def.checks ?? []).some((check) => check._zod.def.check === 'overwrite') &&
    children.every((child) => !child || isDirectionFree(child));
  directionFree.set(schema, free);
  return free;
}

const encoders = new WeakMap<z.ZodType, (value: unknown) => unknown>();

/**
 * The function that encodes a value through `schema`, as `schema.encode` does. For a schema whose parse and
 * encode are the same (isDirectionFree, so every response schema of the contract) it is zod's own compiled
 * parser (`z.compile`): the same checks and the same output, built by generated code instead of walking the
 * schema, and several times faster than `encode`, which walks it twice (decision 0023, round five). A value
 * the compiled code refuses goes to zod's parser, which throws the same error `encode` would.
 */
export function encoderOf(schema: z.ZodType): (value: unknown) => unknown {
  let encoder = encoders.get(schema);
  if (!encoder) {
    if (isDirectionFree(schema)) {
      const compiled = z.compile(schema);
      encoder = (value) => compiled.parse(value);
    } else {
      encoder = (value) => schema.encode(value);
    }
    encoders.set(schema, encoder);
  }
  return encoder;
}

/** A route's response schema as Fastify hands it over: the zod schema, or an object holding it in `properties`. */
function zodSchemaOf(schema: unknown): z.ZodType {
  if (schema instanceof z.ZodType) return schema;
  const properties = (schema as { properties?: unknown } | null)?.properties;
  if (properties instanceof z.ZodType) return properties;
  throw new Error(`A response schema is not a zod schema: ${JSON.stringify(schema)}`);
}

/**
 * Fastify's serializer for the zod response schemas: the answer encoded through its schema (encoderOf), then
 * JSON text. An answer the schema refuses is a ResponseSerializationError, as with the package's own
 * serializer, which the error handler answers as a 500 without internals.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<unknown> = ({ schema, method, url }) => {
  const encode = encoderOf(zodSchemaOf(schema));
  return (data) => {
    let encoded: unknown;
    try {
      encoded = encode(data);
    } catch (error) {
      // The encoders throw zod's own error for a refused answer; anything else is not a refusal.
      if (!(error instanceof z.ZodError)) throw error;
      throw new ResponseSerializationError(method, url, { cause: error });
    }
    return JSON.stringify(encoded);
  };
};
